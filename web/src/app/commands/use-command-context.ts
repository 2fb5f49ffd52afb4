import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';

import { useSignedInUser } from '@/lib/auth/current-user';
import { blueprintQueryOptions } from '@/features/blueprints/api/blueprints';
import { blueprintPaths } from '@/features/blueprints/lib/paths';
import { useMyProfile } from '@/features/profiles/api/get-my-profile';
import { seriesQueryOptions } from '@/features/series/api/get-series';
import { seriesPaths } from '@/features/series/lib/paths';
import type { CommandContext } from '@/lib/commands/types';

/** Who the user is, where they are, and the data in view: what the commands' requirements are checked against. */
export function useCommandContext(): CommandContext {
  const signedIn = useSignedInUser();
  const { data: profile } = useMyProfile();
  const { pathname } = useLocation();
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
    enabled: isGm && seriesHandle !== undefined && seriesHandle !== 'create',
  });
  const pageSeries =
    isGm && seriesHandle !== undefined && series?.handle === seriesHandle ? series : undefined;
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
      },
    }),
    [signedIn, profile, pathname, pageBlueprint, pageSeries],
  );
}
