import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import type { SeriesApplication } from '../api/applications';
import { ApplicationCard } from './application-card';

const application: SeriesApplication = {
  id: '0195f0c4-0000-7000-8000-0000000000dd',
  series_id: '0195f0c4-0000-7000-8000-0000000000aa',
  series_handle: 'lighthouse-watch',
  series_title: 'Lighthouse Watch',
  player_id: '0195f0c4-0000-7000-8000-000000000002',
  player_display_name: 'Ilse',
  applicant: { experience_level: 'veteran', claimed_years_experience: 6, sessions_played: 1 },
  game_master_id: '0195f0c4-0000-7000-8000-000000000001',
  status: 'pending',
  message: 'Hello!',
  reply_message: null,
  history: [],
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  version: 1,
};

afterEach(async () => {
  await changeLocale('en-GB');
});

describe('an application card', () => {
  it('tells the GM what the applicant brings: experience and sessions played', async () => {
    renderWithProviders(<ApplicationCard application={application} viewer="gm" heading="Ilse" />);
    expect(screen.getByTestId('applicant-facts')).toHaveTextContent(
      'Veteran · 6 years of experience · 1 session played',
    );
    await changeLocale('pl-PL');
    expect(await screen.findByTestId('applicant-facts')).toHaveTextContent(
      'Weteran · 6 lat doświadczenia · 1 rozegrana sesja',
    );
  });

  it('does not tell a player about themselves', () => {
    renderWithProviders(
      <ApplicationCard application={application} viewer="player" heading="Lighthouse Watch" />,
    );
    expect(screen.queryByTestId('applicant-facts')).not.toBeInTheDocument();
  });
});
