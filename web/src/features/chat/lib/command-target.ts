/**
 * The other account a palette command can start a chat with (spec §6: "another account id" in the context): the
 * GM of the series a Questboard page shows, or the owner of the profile on screen. Never the user themselves.
 * Kept small: the palette's registry is on every page's first load.
 */
import type { CommandContext } from '@/lib/commands/types';

export function chatTargetIn({
  user,
  pathname,
  data,
}: CommandContext): { otherId: string; seriesId?: string } | undefined {
  const [, section, id] = pathname.split('/');
  const target =
    section === 'questboard' && data.series
      ? { otherId: data.series.game_master_id, seriesId: data.series.id }
      : section === 'profile' && id
        ? { otherId: decodeURIComponent(id) }
        : undefined;
  return user && target && target.otherId !== user.id ? target : undefined;
}
