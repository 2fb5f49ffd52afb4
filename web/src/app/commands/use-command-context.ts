import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { useSignedInUser } from '@/features/accounts/api/current-user';
import { useMyProfile } from '@/features/profiles/api/get-my-profile';
import type { CommandContext } from '@/lib/commands/types';

/** Who the user is, where they are, and the data in view: what the commands' requirements are checked against. */
export function useCommandContext(): CommandContext {
  const signedIn = useSignedInUser();
  const { data: profile } = useMyProfile();
  const { pathname } = useLocation();
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
      },
    }),
    [signedIn, profile, pathname],
  );
}
