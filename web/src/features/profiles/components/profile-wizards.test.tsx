import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentUserQueryKey, type UserContext } from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

import { myProfileQueryKey, type MyProfile } from '../api/get-my-profile';
import { missingParts, storeWizardStep } from '../lib/completeness';
import { ProfileMissingNote } from './profile-missing';
import { ProfileWizards } from './profile-wizards';

const accountId = '0195f0c4-0000-7000-8000-000000000001';

const user: UserContext = {
  authenticated: true,
  user: { id: accountId, name: 'Ada', roles: ['player'] },
  account: {
    account_id: accountId,
    email_verified: true,
    has_password: true,
    locale: 'en-GB',
    member_since: '2030-01-01T00:00:00Z',
    primary_email: { email: 'ada@example.test' },
    roles: ['player'],
    status: 'active',
    time_zone: 'Europe/Warsaw',
  },
};

/** Ada saved the wizard's first step (her basics) and nothing after it. */
const profile: MyProfile = {
  profile_id: '0195f0c4-0000-7000-8000-0000000000f1',
  account_id: accountId,
  type: 'player',
  display_name: 'Ada',
  bio: '',
  language: 'en',
  player: { claimed_years_experience: 0, experience_level: 'beginner', playstyles: [] },
  gm: null,
  member_since: '2030-01-01T00:00:00Z',
  gm_since: null,
  sessions_played: 0,
  review_summary: null,
  sessions_run: null,
  series: [],
  basics_completed: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  birthdate: '1990-12-10',
  email: 'ada@example.test',
  location: {},
  phone: null,
  version: 2,
};

function render(ui: ReactNode, mine: MyProfile = profile) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(myProfileQueryKey, mine);
  return renderWithProviders(ui, { queryClient });
}

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  await changeLocale('en-GB');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no server in this test'))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the basic profile wizard', () => {
  it('resumes at the step it stopped at, after a reload', async () => {
    storeWizardStep(accountId, 'playstyles');
    render(<ProfileWizards />);
    expect(await screen.findByTestId('profile-wizard')).toHaveTextContent('Step 3 of 3');
    expect(screen.getByRole('heading', { name: 'How do you like to play?' })).toBeInTheDocument();
  });

  it('stays closed for complete basics it was never left unfinished at', () => {
    render(<ProfileWizards />);
    expect(screen.queryByTestId('profile-wizard')).not.toBeInTheDocument();
  });

  it('waits on the sign-in callback, which moves on by itself, and opens on the page it leads to', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, user);
    queryClient.setQueryData(myProfileQueryKey, { ...profile, basics_completed: false });
    const { router } = renderWithProviders(<ProfileWizards />, {
      path: '/callback?code=abc&state=xyz',
      queryClient,
    });
    expect(screen.queryByTestId('profile-wizard')).not.toBeInTheDocument();
    await act(() => router.navigate('/account'));
    expect(await screen.findByTestId('profile-wizard')).toHaveTextContent('Step 1 of 3');
  });

  it("keeps another account's step to that account", () => {
    window.localStorage.setItem(
      storageKeys.profileWizardStep,
      JSON.stringify({ account: 'someone-else', step: 'experience' }),
    );
    render(<ProfileWizards />);
    expect(screen.queryByTestId('profile-wizard')).not.toBeInTheDocument();
  });
});

describe('what a profile still lacks', () => {
  it('lists the basics, the experience the wizard stopped before, the playstyles and a GM’s own', () => {
    expect(missingParts(profile)).toEqual(['playstyles']);
    expect(missingParts(profile, 'experience')).toEqual(['experience', 'playstyles']);
    expect(missingParts({ ...profile, basics_completed: false }, 'about')).toEqual([
      'about',
      'experience',
      'playstyles',
    ]);
    const gm = {
      claimed_years_experience: 3,
      experience_level: 'advanced' as const,
      playstyles: [],
    };
    const complete = { ...profile, player: { ...profile.player, playstyles: ['casual'] } };
    expect(missingParts(complete)).toEqual([]);
    expect(missingParts({ ...complete, gm })).toEqual(['gmPlaystyles']);
  });

  it('is said in words, with the way to the profile where asked', async () => {
    storeWizardStep(accountId, 'experience');
    render(<ProfileMissingNote linkToProfile />);
    expect(screen.getByTestId('profile-missing')).toHaveTextContent(
      'Still missing: your experience as a player and how you like to play.',
    );
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await changeLocale('pl-PL');
    expect(
      await screen.findByText('Brakuje jeszcze: doświadczenia gracza i stylu gry.'),
    ).toBeVisible();
  });

  it('is not said of a complete profile', () => {
    render(<ProfileMissingNote />, {
      ...profile,
      player: { ...profile.player, playstyles: ['casual'] },
    });
    expect(screen.queryByTestId('profile-missing')).not.toBeInTheDocument();
  });
});
