import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import type { QuestboardCard } from '../api/questboard';
import { QuestboardCardView } from './questboard-card';

const card: QuestboardCard = {
  id: '5f0c1c52-9a43-4c6e-8d0e-2b4d1f0a7e11',
  handle: 'the-sunken-keep',
  title: 'The Sunken Keep',
  short_description: 'A flooded fortress and what sleeps below.',
  game_master_id: '8a1d2c3b-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  game_system_id: '0b7c9a4e-1d2f-4c3b-8a9e-5f6d7c8b9a01',
  activity_type: 'campaign',
  language: 'en',
  min_players: 2,
  max_players: 4,
  seats_taken: 1,
  recruitment_status: 'open',
};

describe('a Questboard card', { timeout: 30_000 }, () => {
  it('offers Apply Now while the series recruits', () => {
    renderWithProviders(<QuestboardCardView card={card} systemName={undefined} viewerZone="UTC" />);
    expect(screen.getByRole('link', { name: 'Apply Now: The Sunken Keep' })).toBeInTheDocument();
    expect(screen.queryByTestId('recruitment-closed')).not.toBeInTheDocument();
  });

  it('says a series closed to recruiting is closed, with no way to apply', () => {
    renderWithProviders(
      <QuestboardCardView
        card={{ ...card, recruitment_status: 'closed' }}
        systemName={undefined}
        viewerZone="UTC"
      />,
    );
    expect(screen.getByTestId('recruitment-closed')).toHaveTextContent('Recruitment closed');
    expect(screen.queryByRole('link', { name: /Apply Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply Now/ })).not.toBeInTheDocument();
    // The other ways on stay.
    expect(
      screen.getByRole('link', { name: 'GM Profile: game master of The Sunken Keep' }),
    ).toBeInTheDocument();
  });
});
