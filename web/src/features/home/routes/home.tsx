import {
  CalendarCheck,
  Compass,
  Crown,
  Dices,
  ScrollText,
  Swords,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useFormat } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import type enGB from '@/locales/en-GB.json';

const QuestboardSections = lazy(() => import('../components/questboard-sections'));
// Only for someone signed in, so a visitor's first load does not carry the profiles feature.
const ProfileMissingNote = lazy(() =>
  import('@/features/profiles').then((module) => ({ default: module.ProfileMissingNote })),
);

type PlayerPoint = keyof typeof enGB.home.players;
type GameMasterPoint = keyof typeof enGB.home.gameMasters;
type Step = Exclude<keyof typeof enGB.home.steps, 'title'>;

const playerPoints: readonly { key: Exclude<PlayerPoint, 'title'>; icon: LucideIcon }[] = [
  { key: 'browse', icon: Compass },
  { key: 'apply', icon: CalendarCheck },
  { key: 'pay', icon: Wallet },
];

const gameMasterPoints: readonly { key: Exclude<GameMasterPoint, 'title'>; icon: LucideIcon }[] = [
  { key: 'publish', icon: ScrollText },
  { key: 'configure', icon: Swords },
  { key: 'run', icon: Users },
];

const steps: readonly Step[] = ['discover', 'join', 'play'];

/**
 * The landing page: what Questline is, what a signed-in user's profile still lacks, 'Find Quests' and 'Latest'
 * leading into the Questboard, a call to sign up for visitors, and what it does for players and game masters.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const signedIn = useSignedInUser();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-14 px-5 py-10 md:px-10 md:py-16">
      <section className="relative overflow-hidden rounded-3xl border border-border bg-linear-to-br from-primary/10 via-background to-amber-50 px-6 py-12 md:px-12 md:py-16">
        <Dices
          className="pointer-events-none absolute -top-6 -right-6 size-40 rotate-12 text-primary/10 md:size-56"
          aria-hidden
        />
        <p className="inline-flex items-center rounded-full border border-primary/20 bg-background/80 px-3 py-1 text-xs font-medium text-primary">
          {t('home.eyebrow')}
        </p>
        <h1 className="mt-5 max-w-2xl text-4xl font-semibold tracking-tight text-balance md:text-5xl">
          {t('home.headline')}
        </h1>
        <p className="mt-5 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground md:text-lg">
          {t('home.lead')}
        </p>
        {!signedIn && (
          <div className="mt-7 flex flex-wrap items-center gap-3">
            <Link to={paths.signUp.getHref()} className={buttonVariants({ size: 'lg' })}>
              {t('home.signUp.action')}
            </Link>
            <p className="text-sm text-muted-foreground">{t('home.signUp.text')}</p>
          </div>
        )}
      </section>

      {signedIn && (
        <Suspense fallback={null}>
          <ProfileMissingNote linkToProfile />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <QuestboardSections />
      </Suspense>

      <section className="grid gap-6 md:grid-cols-2">
        <AudienceCard
          icon={Dices}
          title={t('home.players.title')}
          points={playerPoints.map(({ key, icon }) => ({
            key,
            icon,
            text: t(`home.players.${key}`),
          }))}
        />
        <AudienceCard
          icon={Crown}
          title={t('home.gameMasters.title')}
          points={gameMasterPoints.map(({ key, icon }) => ({
            key,
            icon,
            text: t(`home.gameMasters.${key}`),
          }))}
        />
      </section>

      <section aria-labelledby="how-it-works" className="flex flex-col gap-6">
        <h2 id="how-it-works" className="text-2xl font-semibold tracking-tight">
          {t('home.steps.title')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-4 rounded-2xl border border-border bg-muted/40 p-5">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden
              >
                {format.number(index + 1)}
              </span>
              <div>
                <h3 className="font-semibold">{t(`home.steps.${step}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                  {t(`home.steps.${step}.text`)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function AudienceCard({
  icon: Icon,
  title,
  points,
}: {
  icon: LucideIcon;
  title: string;
  points: readonly { key: string; icon: LucideIcon; text: string }[];
}) {
  return (
    <article className="flex flex-col gap-5 rounded-2xl border border-border bg-background p-6 shadow-xs">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      </div>
      <ul className="flex flex-col gap-3.5">
        {points.map((point) => (
          <li key={point.key} className="flex gap-3 text-sm leading-relaxed text-foreground/80">
            <point.icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{point.text}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
