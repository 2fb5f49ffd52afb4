/** One series on the Questboard (and Home's 'Latest'): its facts and the ways on. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { ZonedTime } from '@/components/zoned-time';
import { useFormat } from '@/lib/i18n';
import { paths, questboardPaths } from '@/lib/paths';

import type { QuestboardCard } from '../api/questboard';
import { formatPrice, languageName } from '../lib/format';
import { ApplyLink } from './apply-link';
import { ChatLink } from './chat-link';
import { SeriesImage } from './series-image';

/** One fact of the card; plain words rather than icons keep the Questboard light and say what each fact is. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

export function QuestboardCardView({
  card,
  systemName,
  viewerZone,
  headingLevel = 2,
}: {
  card: QuestboardCard;
  /** The game system's name (or family → edition path); undefined while the tree loads. */
  systemName: string | undefined;
  viewerZone: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = formatPrice(format.locale, card.pricing, t('questboard.card.free'));
  const seriesHref = questboardPaths.series.getHref(card.handle);
  const players =
    card.min_players != null && card.max_players != null
      ? t('questboard.card.players', {
          min: format.number(card.min_players),
          max: format.number(card.max_players),
        })
      : null;

  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-xs"
      data-testid="questboard-card"
    >
      <SeriesImage
        src={card.thumbnail_url}
        systemId={card.game_system_id}
        systemName={systemName}
        className="aspect-[16/9]"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">
            {card.activity_type === 'one_shot'
              ? t('questboard.format.one_shot')
              : t('questboard.format.campaign')}
          </Badge>
          {price && (
            <Badge variant={card.pricing?.model === 'free' ? 'success' : 'default'}>{price}</Badge>
          )}
          {card.min_player_age != null && (
            <Badge variant="warning">
              {t('questboard.card.minAge', { age: format.number(card.min_player_age) })}
            </Badge>
          )}
        </div>
        <Heading className="text-lg leading-snug font-semibold tracking-tight break-words">
          <Link to={seriesHref} className="hover:underline">
            {card.title}
          </Link>
        </Heading>
        {systemName && <p className="text-sm font-medium text-primary">{systemName}</p>}
        {card.short_description && (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {card.short_description}
          </p>
        )}
        <dl className="mt-auto grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          {card.next_session_at && (
            <Fact label={t('questboard.card.nextSession')}>
              <ZonedTime
                value={card.next_session_at}
                scheduleZone={card.time_zone}
                viewerZone={viewerZone}
                style="short"
                noteClassName="block"
                testId="next-session"
              />
            </Fact>
          )}
          {players && (
            <Fact label={t('questboard.card.playersLabel')}>
              {players}
              {' · '}
              {t('questboard.card.seatsTaken', { count: card.seats_taken })}
            </Fact>
          )}
          {card.session_duration_minutes != null && (
            <Fact label={t('questboard.card.durationLabel')}>
              {t('questboard.card.minutes', { count: card.session_duration_minutes })}
            </Fact>
          )}
          <Fact label={t('questboard.card.languageLabel')}>
            {languageName(format.locale, card.language)}
          </Fact>
          {price && (
            <Fact label={t('questboard.card.priceLabel')}>
              {card.pricing?.model === 'free' ? price : t('questboard.card.perSession', { price })}
            </Fact>
          )}
        </dl>
        <div className="flex flex-wrap gap-2 pt-1">
          <ApplyLink series={card} handle={card.handle} />
          <Link
            to={paths.profileById.getHref(card.game_master_id)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={t('questboard.card.gmProfileOf', { title: card.title })}
          >
            {t('questboard.card.gmProfile')}
          </Link>
          <ChatLink otherId={card.game_master_id} seriesId={card.id} seriesTitle={card.title} />
        </div>
      </div>
    </article>
  );
}
