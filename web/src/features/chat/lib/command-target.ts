/**
 * The other account a palette command can start a chat with (spec §6: "another account id" in the context): the
 * GM of the series a Questboard page shows, or the owner of the profile on screen. Never the user themselves.
 */
import type { CommandContext } from '@/lib/commands/types';

import { mayOfferChat } from './preconditions';

const profilePath = /^\/profile\/([^/]+)\/?$/;

export function chatTargetIn(
  context: CommandContext,
): { otherId: string; seriesId: string | undefined } | undefined {
  const viewerId = context.user?.id;
  const series = context.data.series;
  if (series && context.pathname.startsWith('/questboard/')) {
    return mayOfferChat(viewerId, series.game_master_id)
      ? { otherId: series.game_master_id, seriesId: series.id }
      : undefined;
  }
  const match = profilePath.exec(context.pathname);
  const profileId = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  return mayOfferChat(viewerId, profileId)
    ? { otherId: profileId, seriesId: undefined }
    : undefined;
}
