/**
 * `/profile`: the signed-in user's own profile, private fields included, with its edit dialogs.
 * `/profile/{accountId}`: anyone's public profile, readable without signing in; the owner sees their own in full.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Pencil, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChatButton } from '@/features/chat';
import { ProfileReviews } from '@/features/reviews';
import { isSignedIn, useSignedInUser } from '@/lib/auth/current-user';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/user-avatar';
import { loadCurrentUser, requireSignedIn } from '@/lib/auth/guards';
import { ApiError } from '@/lib/api/errors';
import { useFormat, useLocale } from '@/lib/i18n';

import { myProfileQueryOptions, useMyProfile, type MyProfile } from '../api/get-my-profile';
import {
  profileQueryOptions,
  useProfile,
  type Experience,
  type PublicProfile,
} from '../api/get-profile';
import {
  EditBaseInfoDialog,
  EditExperienceDialog,
  EditPlaystylesDialog,
} from '../components/profile-dialogs';
import { ProfileMissingNote } from '../components/profile-missing';
import { countryName } from '../lib/base-info';
import { isExperienceLevel, profileLanguages, type ExperiencePart } from '../lib/constants';
import { playstyleLabel } from '../lib/playstyles';

/** No such account (404), or an address that is not an account id at all (400, e.g. `/profile/not-a-uuid`). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const { accountId } = params;
    if (accountId === undefined) {
      await requireSignedIn(queryClient, request);
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      await queryClient.ensureQueryData(myProfileQueryOptions());
      return null;
    }
    const context = await loadCurrentUser(queryClient);
    const own = isSignedIn(context) && context.user.id === accountId;
    await Promise.all([
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(profileQueryOptions(accountId)).catch((error: unknown) => {
        // An unknown account is this page's own "not found" state, not an error screen.
        if (!isNotFound(error)) throw error;
      }),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      own ? queryClient.ensureQueryData(myProfileQueryOptions()) : undefined,
    ]);
    return null;
  };
}

export default function ProfileRoute() {
  const { accountId } = useParams();
  const signedIn = useSignedInUser();
  const own = signedIn !== undefined && (accountId === undefined || accountId === signedIn.user.id);
  if (own) return <OwnProfilePage />;
  if (accountId === undefined) return null;
  return <PublicProfilePage accountId={accountId} />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-5 py-10 md:px-10">
      {children}
    </div>
  );
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmptyState
        icon={UserX}
        headingLevel={1}
        title={t('profiles.notFoundTitle')}
        description={t('profiles.notFoundText')}
      />
    </Page>
  );
}

function PublicProfilePage({ accountId }: { accountId: string }) {
  const { data: profile, error } = useProfile(accountId);
  if (profile === undefined) return isNotFound(error) ? <ProfileNotFound /> : null;
  return (
    <Page>
      <ProfileHeader
        profile={profile}
        action={
          <ChatButton
            otherId={profile.account_id}
            otherName={profile.display_name}
            size="default"
          />
        }
      />
      <ExperienceCards profile={profile} />
      <GmSeries profile={profile} />
      <ProfileReviews profile={profile} />
      <ProfileFacts profile={profile} />
    </Page>
  );
}

type OpenDialog =
  | { kind: 'base' }
  | { kind: 'experience'; part: ExperiencePart }
  | { kind: 'playstyles'; part: ExperiencePart }
  | null;

function OwnProfilePage() {
  const { t } = useTranslation();
  const { data: profile } = useMyProfile();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  if (profile === undefined) return null;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <Page>
      <ProfileHeader
        profile={profile}
        action={
          <Button
            variant="outline"
            onClick={() => {
              setDialog({ kind: 'base' });
            }}
          >
            <Pencil aria-hidden />
            {t('profiles.actions.editBaseInfo')}
          </Button>
        }
      />
      <ProfileMissingNote />
      <ExperienceCards
        profile={profile}
        onEdit={(kind, part) => {
          setDialog({ kind, part });
        }}
      />
      <GmSeries profile={profile} />
      <ProfileReviews profile={profile} />
      <PrivateDetails profile={profile} />
      <ProfileFacts profile={profile} />

      <EditBaseInfoDialog open={dialog?.kind === 'base'} onOpenChange={close} />
      {dialog?.kind === 'experience' && (
        <EditExperienceDialog open onOpenChange={close} part={dialog.part} />
      )}
      {dialog?.kind === 'playstyles' && (
        <EditPlaystylesDialog open onOpenChange={close} part={dialog.part} />
      )}
    </Page>
  );
}

function ProfileHeader({ profile, action }: { profile: PublicProfile; action?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = profile.display_name || t('profiles.unnamed');
  return (
    <header className="flex flex-col gap-6">
      {/*
        From 320 px up: the name wraps rather than being cut, "Member since" stays on one line, and the
        action moves below when the name column would get narrower than 12rem (instead of covering it).
      */}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-4" data-testid="profile-header">
        <UserAvatar name={name} className="size-16 text-xl" />
        <div className="flex min-w-0 flex-[1_1_12rem] flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{name}</h1>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm text-muted-foreground">
            <RoleBadge role="player" />
            {profile.type === 'gm' && <RoleBadge role="gm" />}
            <span className="whitespace-nowrap" data-testid="member-since">
              {t('profiles.memberSinceShort', { date: format.date(profile.member_since) })}
            </span>
          </div>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      <section aria-labelledby="profile-bio" className="flex flex-col gap-2">
        <h2 id="profile-bio" className="sr-only">
          {t('profiles.fields.bio')}
        </h2>
        {profile.bio.trim() ? (
          <p className="max-w-prose leading-relaxed whitespace-pre-line">{profile.bio}</p>
        ) : (
          <p className="text-muted-foreground italic">{t('profiles.noBio')}</p>
        )}
      </section>
    </header>
  );
}

function ExperienceCards({
  profile,
  onEdit,
}: {
  profile: PublicProfile;
  onEdit?: (kind: 'experience' | 'playstyles', part: ExperiencePart) => void;
}) {
  return (
    // Side by side only when the page column (not the window) is wide enough: at 768 px with the sidebar
    // open the column is about 430 px, where two cards would squeeze their values into each other.
    <div className="@container">
      <div className="grid gap-4 @2xl:grid-cols-2">
        <ExperienceCard part="player" experience={profile.player} onEdit={onEdit} />
        {profile.gm != null && <ExperienceCard part="gm" experience={profile.gm} onEdit={onEdit} />}
      </div>
    </div>
  );
}

function ExperienceCard({
  part,
  experience,
  onEdit,
}: {
  part: ExperiencePart;
  experience: Experience;
  onEdit?: (kind: 'experience' | 'playstyles', part: ExperiencePart) => void;
}) {
  const { t } = useTranslation();
  const headingId = `experience-${part}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-border p-5"
      data-testid={`experience-${part}`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`profiles.experience.${part}`)}
      </h2>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-4">
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('profiles.fields.level')}
          </dt>
          <dd className="font-medium [overflow-wrap:anywhere]">
            {isExperienceLevel(experience.experience_level)
              ? t(`profiles.levels.${experience.experience_level}`)
              : experience.experience_level}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('profiles.fields.years')}
          </dt>
          <dd className="font-medium [overflow-wrap:anywhere]">
            {t('profiles.yearsValue', { count: experience.claimed_years_experience })}
          </dd>
        </div>
        <div className="col-span-full flex flex-col gap-2">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('profiles.fields.playstyles')}
          </dt>
          <dd>
            {experience.playstyles.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {experience.playstyles.map((style) => (
                  <li key={style}>
                    <Badge variant="secondary">{playstyleLabel(style, t)}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-sm text-muted-foreground">{t('profiles.noPlaystyles')}</span>
            )}
          </dd>
        </div>
      </dl>
      {onEdit && (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onEdit('experience', part);
            }}
          >
            <Pencil aria-hidden />
            {t(`profiles.actions.editExperience.${part}`)}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onEdit('playstyles', part);
            }}
          >
            <Pencil aria-hidden />
            {t(`profiles.actions.editPlaystyles.${part}`)}
          </Button>
        </div>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 bg-background p-4">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function NotSet() {
  const { t } = useTranslation();
  return <span className="text-muted-foreground">{t('profiles.notSet')}</span>;
}

/** A GM's series players can see, each linking to its Questboard page. */
function GmSeries({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  if (profile.type !== 'gm' || profile.series.length === 0) return null;
  return (
    <section aria-labelledby="profile-series" className="flex flex-col gap-3">
      <h2 id="profile-series" className="text-lg font-semibold">
        {t('profiles.series')}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="profile-series">
        {profile.series.map((series) => (
          <li key={series.id}>
            <Link
              // The Questboard's page of the series (that feature reads profiles, so its paths are not imported).
              to={`/questboard/${encodeURIComponent(series.handle)}`}
              className="break-words text-primary underline-offset-4 hover:underline"
            >
              {series.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileFacts({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="profile-facts" className="flex flex-col gap-3">
      <h2 id="profile-facts" className="text-lg font-semibold">
        {t('profiles.facts')}
      </h2>
      <dl className="grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2">
        <Fact label={t('profiles.fields.accountId')}>
          <code className="font-mono text-xs break-all">{profile.account_id}</code>
        </Fact>
        <Fact label={t('profiles.fields.profileId')}>
          <code className="font-mono text-xs break-all">{profile.profile_id}</code>
        </Fact>
        <Fact label={t('profiles.fields.memberSince')}>
          <time dateTime={profile.member_since}>{format.date(profile.member_since)}</time>
        </Fact>
        <Fact label={t('profiles.fields.gmSince')}>
          {profile.gm_since ? (
            <time dateTime={profile.gm_since}>{format.date(profile.gm_since)}</time>
          ) : (
            <span className="text-muted-foreground">{t('profiles.notGameMaster')}</span>
          )}
        </Fact>
      </dl>
    </section>
  );
}

function PrivateDetails({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const locale = useLocale();
  const { address1, postal_code, city, country } = profile.location;
  const address = [
    address1,
    [postal_code, city].filter(Boolean).join(' '),
    country && countryName(country, locale),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <section aria-labelledby="profile-private" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="profile-private" className="text-lg font-semibold">
          {t('profiles.private.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profiles.private.hint')}</p>
      </div>
      <dl className="grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2">
        <Fact label={t('profiles.fields.name')}>
          {[profile.first_name, profile.last_name].filter(Boolean).join(' ') || <NotSet />}
        </Fact>
        <Fact label={t('profiles.fields.birthdate')}>
          {profile.birthdate ? (
            <time dateTime={profile.birthdate}>
              {format.date(profile.birthdate, { timeZone: 'UTC' })}
            </time>
          ) : (
            <NotSet />
          )}
        </Fact>
        <Fact label={t('profiles.fields.email')}>{profile.email}</Fact>
        <Fact label={t('profiles.fields.phone')}>{profile.phone?.phone ?? <NotSet />}</Fact>
        <Fact label={t('profiles.fields.address')}>{address || <NotSet />}</Fact>
        <Fact label={t('profiles.fields.language')}>
          <LanguageName code={profile.language} />
        </Fact>
      </dl>
    </section>
  );
}

function LanguageName({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = profileLanguages.find((known) => known === code);
  return language ? t(`profiles.languages.${language}`) : <NotSet />;
}
