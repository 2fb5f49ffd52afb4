import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';

import { playerId, stubServer } from '../testing';
import { PlayerNoteButton } from './player-note-button';
import { PlayerNoteDialog } from './player-note-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  const createApiClient = (options?: Parameters<typeof original.createApiClient>[0]) =>
    original.createApiClient({ ...options, baseUrl: 'http://localhost' });
  return { ...original, createApiClient, api: createApiClient() };
});

vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() },
}));

const notePath = `/api/players/${playerId}/note`;

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('PlayerNoteDialog', () => {
  it('shows the saved note with the hint that only the GM sees it, and saves the change', async () => {
    const sent = stubServer({
      [`GET ${notePath}`]: {
        status: 200,
        body: { player_id: playerId, body: 'Likes puzzles.', updated_at: '2030-03-01T18:00:00Z' },
      },
      [`PUT ${notePath}`]: (request) => ({
        status: 200,
        body: {
          player_id: playerId,
          body: (request.body as { body: string }).body,
          updated_at: '2030-03-02T18:00:00Z',
        },
      }),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <PlayerNoteDialog open onOpenChange={onOpenChange} playerId={playerId} playerName="Ilse" />,
    );

    const note = await screen.findByLabelText('Note');
    expect(note).toHaveValue('Likes puzzles.');
    const dialog = screen.getByRole('dialog', { name: 'Private note about Ilse' });
    expect(dialog).toHaveTextContent('Only you can see this note');
    await userEvent.type(note, ' Hates spiders.');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: notePath,
        search: '',
        body: { body: 'Likes puzzles. Hates spiders.' },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Note saved');
  });

  it('deletes the note when saved empty', async () => {
    const sent = stubServer({
      [`GET ${notePath}`]: {
        status: 200,
        body: { player_id: playerId, body: 'Old note', updated_at: '2030-03-01T18:00:00Z' },
      },
      [`PUT ${notePath}`]: {
        status: 200,
        body: { player_id: playerId, body: '', updated_at: null },
      },
    });
    renderWithProviders(
      <PlayerNoteDialog open onOpenChange={vi.fn()} playerId={playerId} playerName="Ilse" />,
    );

    await userEvent.clear(await screen.findByLabelText('Note'));
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));

    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Note deleted');
    });
    expect(sent.at(-1)?.body).toEqual({ body: '' });
  });
});

describe('PlayerNoteButton', () => {
  it('opens the note dialog for that player', async () => {
    stubServer({
      [`GET ${notePath}`]: {
        status: 200,
        body: { player_id: playerId, body: '', updated_at: null },
      },
    });
    renderWithProviders(<PlayerNoteButton playerId={playerId} playerName="Ilse" />);

    await userEvent.click(screen.getByRole('button', { name: 'Private note about Ilse' }));

    expect(await screen.findByRole('dialog', { name: 'Private note about Ilse' })).toBeVisible();
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });
});
