import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { ZoneNote } from './session-parts';

vi.mock('../lib/zone', () => ({ viewerZone: () => 'America/New_York' }));

describe('the zone note of a session page', () => {
  it('names the game master’s zone to a player and her own zone to the GM', async () => {
    const { unmount } = renderWithProviders(<ZoneNote seriesZone="Europe/Warsaw" />);
    expect(await screen.findByTestId('session-zone-note')).toHaveTextContent(
      "the game master's is Central European Time",
    );
    unmount();
    renderWithProviders(<ZoneNote seriesZone="Europe/Warsaw" viewer="gm" />);
    const note = await screen.findByTestId('session-zone-note');
    expect(note).toHaveTextContent('your series runs in Central European Time');
    expect(note).not.toHaveTextContent('game master');
  });
});
