/** The pieces every applications screen shows: the status badge and the message history. */
import { useTranslation } from 'react-i18next';

import { Badge, type BadgeProps } from '@/components/ui/badge';
import { focusLandingProps, useFocusLanding } from '@/lib/focus-landing';
import { useFormat } from '@/lib/i18n';

import type { SeriesApplication } from '../api/get-application';
import type { ApplicationStatus } from '../lib/filters';
import { playerName } from '../lib/names';

const badgeVariants: Record<ApplicationStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'secondary',
  cancelled: 'secondary',
};

/**
 * The status. A `landing` takes focus when the status changes after the button that had it was replaced (Cancel by
 * Reopen): focus stays with the application rather than falling to the page.
 */
export function StatusBadge({
  status,
  landing = false,
}: {
  status: ApplicationStatus;
  landing?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useFocusLanding<HTMLSpanElement>(status);
  return (
    <Badge
      variant={badgeVariants[status]}
      data-testid="application-status"
      {...(landing ? { ref, tabIndex: -1, ...focusLandingProps } : {})}
    >
      {t(`applications.status.${status}`)}
    </Badge>
  );
}

/** Who wrote a history entry, from where the viewer stands: "You", the player's name, or "Game master". */
function useAuthorName(application: SeriesApplication, viewer: 'player' | 'gm') {
  const { t } = useTranslation();
  const name = playerName(application.player_display_name, t('applications.unnamedPlayer'));
  return (authorId: string) => {
    const byPlayer = authorId === application.player_id;
    if (byPlayer) return viewer === 'player' ? t('applications.you') : name;
    return viewer === 'gm' ? t('applications.you') : t('applications.gameMaster');
  };
}

/** Every move and message of the application, oldest first: what both sides wrote, and when. */
export function MessageHistory({
  application,
  viewer,
}: {
  application: SeriesApplication;
  viewer: 'player' | 'gm';
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const authorName = useAuthorName(application, viewer);
  const headingId = `history-${application.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
        {t('applications.history.label')}
      </h3>
      <ol className="flex flex-col gap-2" data-testid="application-history">
        {application.history.map((entry, index) => (
          <li
            // The history only grows, oldest first: the position is a stable key.
            key={index}
            className="flex flex-col gap-1 border-l-2 border-border pl-3 text-sm"
          >
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">
                {t(`applications.history.${entry.action}`, { name: authorName(entry.author_id) })}
              </span>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {format.dateTime(entry.at)}
              </time>
            </p>
            {entry.message && (
              <p className="break-words whitespace-pre-line text-foreground/90">{entry.message}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
