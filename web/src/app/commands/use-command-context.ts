import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';

import { useSignedInUser } from '@/lib/auth/current-user';
import { blueprintQueryOptions } from '@/features/blueprints/api/blueprints';
import {
  blueprintPaths,
  seriesPaths,
  questboardPaths,
  applicationPaths,
  sessionPaths,
} from '@/lib/paths';
import { useMyProfile } from '@/features/profiles/api/get-my-profile';
import { seriesQueryOptions } from '@/features/series/api/get-series';
import { publicSeriesQueryOptions } from '@/features/questboard/api/questboard';
import {
  applicationFor,
  applicationQueryOptions,
  recentApplicationsQueryOptions,
} from '@/features/applications/api/get-application';
import type { components } from '@/lib/api/schema';
import type { CommandContext } from '@/lib/commands/types';

/** Who the user is, where they are, and the data in view: what the commands' requirements are checked against. */
export function useCommandContext(): CommandContext {
  const signedIn = useSignedInUser();
  const { data: profile } = useMyProfile();
  const { pathname, search } = useLocation();
  // On a blueprint's page, that blueprint (the one the page loaded) is in the context.
  const blueprintHandle = matchPath(blueprintPaths.blueprint.path, pathname)?.params.handle;
  const isGm = signedIn?.user.roles.includes('gm') ?? false;
  const { data: blueprint } = useQuery({
    ...blueprintQueryOptions(blueprintHandle ?? ''),
    enabled: isGm && blueprintHandle !== undefined,
  });
  const pageBlueprint =
    isGm && blueprintHandle !== undefined && blueprint?.handle === blueprintHandle
      ? blueprint
      : undefined;
  // On a series' page, that series is in the context (data scope gm_series).
  const seriesHandle = matchPath(seriesPaths.series.path, pathname)?.params.handle;
  const { data: series } = useQuery({
    ...seriesQueryOptions(seriesHandle ?? ''),
    // `create` and `applications` are pages of their own, never a handle (domain RESERVED_HANDLES).
    enabled:
      isGm &&
      seriesHandle !== undefined &&
      seriesHandle !== 'create' &&
      seriesHandle !== 'applications',
  });
  const pageSeries =
    isGm && seriesHandle !== undefined && series?.handle === seriesHandle ? series : undefined;
  // On a Questboard series page, that series (data scope series) and the player's own application to it.
  const publicHandle = matchPath(questboardPaths.series.path, pathname)?.params.handle;
  const { data: publicSeries } = useQuery({
    ...publicSeriesQueryOptions(publicHandle ?? ''),
    enabled: signedIn !== undefined && publicHandle !== undefined,
  });
  const pagePublicSeries =
    signedIn && publicHandle !== undefined && publicSeries?.handle === publicHandle
      ? publicSeries
      : undefined;
  const { data: recentApplications } = useQuery({
    ...recentApplicationsQueryOptions(),
    enabled: pagePublicSeries !== undefined,
  });
  // On the applications lists, the one selected (`?application=`): the player's own, or one to the GM's series.
  const onMyApplications = matchPath(applicationPaths.myApplications.path, pathname) !== null;
  const onGmApplications = matchPath(applicationPaths.seriesApplications.path, pathname) !== null;
  const selectedId =
    onMyApplications || onGmApplications
      ? (new URLSearchParams(search).get('application') ?? undefined)
      : undefined;
  const { data: selected } = useQuery({
    ...applicationQueryOptions(selectedId ?? ''),
    enabled: signedIn !== undefined && selectedId !== undefined,
  });
  const selectedApplication = selected?.id === selectedId ? selected : undefined;
  const ownApplication = pagePublicSeries
    ? applicationFor(recentApplications, pagePublicSeries.id)
    : onMyApplications && selectedApplication?.player_id === signedIn?.user.id
      ? selectedApplication
      : undefined;
  const gmApplication =
    isGm && onGmApplications && selectedApplication?.game_master_id === signedIn?.user.id
      ? selectedApplication
      : undefined;
  // On a session's page, that session: the GM's (data scope gm_session) or the player's (player_session), as
  // the page loaded it. Read from the cache under the sessions feature's keys (api/sessions.ts), not fetched
  // here: importing its calls would add a chunk to the shell's first load (issue 11's budget).
  const gmSessionId = matchPath(sessionPaths[4], pathname)?.params.id;
  const { data: gmSessionData } = useQuery<components['schemas']['GmSession']>({
    queryKey: ['session', 'gm', gmSessionId],
    enabled: false,
  });
  const gmSession =
    isGm && gmSessionId !== undefined && gmSessionData?.id === gmSessionId
      ? gmSessionData
      : undefined;
  const playerSessionId = matchPath(sessionPaths[2], pathname)?.params.id;
  const { data: playerSessionData } = useQuery<components['schemas']['PlayerSession']>({
    queryKey: ['session', 'player', playerSessionId],
    enabled: false,
  });
  const playerSession =
    signedIn && playerSessionId !== undefined && playerSessionData?.id === playerSessionId
      ? playerSessionData
      : undefined;
  return useMemo(
    () => ({
      authenticated: signedIn !== undefined,
      user: signedIn
        ? { id: signedIn.user.id, name: signedIn.user.name, roles: signedIn.user.roles }
        : null,
      pathname,
      data: {
        // Only the signed-in user's own profile (a cached one of a previous user never counts).
        profile: signedIn && profile?.account_id === signedIn.user.id ? profile : undefined,
        gm_activity_blueprint: pageBlueprint,
        gm_series: pageSeries,
        series: pagePublicSeries,
        series_application: ownApplication,
        gm_series_application: gmApplication,
        gm_session: gmSession,
        player_session: playerSession,
      },
    }),
    [
      signedIn,
      profile,
      pathname,
      pageBlueprint,
      pageSeries,
      pagePublicSeries,
      ownApplication,
      gmApplication,
      gmSession,
      playerSession,
    ],
  );
}
