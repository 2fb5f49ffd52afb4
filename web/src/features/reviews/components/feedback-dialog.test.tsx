import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';

import { aReview, refusal, sessionId, stubServer } from '../testing';
import { FeedbackDialog } from './feedback-dialog';
import { SessionFeedback } from './session-feedback';

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

const feedbackPath = `/api/sessions/${sessionId}/feedback`;
/** Far ahead and long past, so the tests do not depend on today's date. */
const open = '2999-01-08T18:00:00Z';
const closed = '2001-01-08T18:00:00Z';

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('FeedbackDialog: a new review', () => {
  it('asks for a rating before sending anything', async () => {
    const sent = stubServer({});
    renderWithProviders(<FeedbackDialog open onOpenChange={vi.fn()} sessionId={sessionId} />);

    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));

    expect(screen.getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the rating and the trimmed text, thanks the player and closes', async () => {
    const sent = stubServer({
      [`POST ${feedbackPath}`]: { status: 201, body: aReview({ rating: 5, editable_until: open }) },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <FeedbackDialog
        open
        onOpenChange={onOpenChange}
        sessionId={sessionId}
        gameMasterName="Maren"
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Rate this session' })).toHaveTextContent(
      "Maren's public profile",
    );
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(screen.getByLabelText('Review (optional)'), '  Great storm scene.  ');
    expect(screen.getByText('18 / 2,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: feedbackPath,
        search: '',
        body: { rating: 5, body: 'Great storm scene.' },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Thank you for your feedback');
  });

  it('refuses a text over 2000 characters without sending it', async () => {
    const sent = stubServer({});
    renderWithProviders(<FeedbackDialog open onOpenChange={vi.fn()} sessionId={sessionId} />);

    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.change(screen.getByLabelText('Review (optional)'), {
      target: { value: 'x'.repeat(2001) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));

    expect(screen.getByText('2,001 / 2,000')).toBeInTheDocument();
    expect(screen.getByText('Too long: at most 2,000 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says why when the server refuses, and stays open', async () => {
    stubServer({
      [`POST ${feedbackPath}`]: refusal(409, 'feedback_already_submitted'),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<FeedbackDialog open onOpenChange={onOpenChange} sessionId={sessionId} />);

    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already reviewed this session; you can edit your review instead.',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('FeedbackDialog: editing', () => {
  it('starts from the review and saves the change with PUT', async () => {
    const review = aReview({ rating: 4, body: 'Good.', editable_until: open });
    const sent = stubServer({
      [`PUT ${feedbackPath}`]: { status: 200, body: { ...review, rating: 2 } },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <FeedbackDialog open onOpenChange={onOpenChange} sessionId={sessionId} review={review} />,
    );

    expect(screen.getByRole('dialog', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByLabelText('Review (optional)')).toHaveValue('Good.');
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(sent.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PUT', body: { rating: 2, body: 'Good.' } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Review updated');
  });

  it('only says the window has closed once the 7 days are over', () => {
    const sent = stubServer({});
    renderWithProviders(
      <FeedbackDialog
        open
        onOpenChange={vi.fn()}
        sessionId={sessionId}
        review={aReview({ editable_until: closed })}
      />,
    );

    const dialog = screen.getByRole('dialog', { name: 'Edit your review' });
    expect(dialog).toHaveTextContent('The 7 days to edit this review ended on');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save review' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('tells the window closed while the dialog was open when the server says so', async () => {
    stubServer({ [`PUT ${feedbackPath}`]: refusal(409, 'feedback_edit_window_closed') });
    renderWithProviders(
      <FeedbackDialog
        open
        onOpenChange={vi.fn()}
        sessionId={sessionId}
        review={aReview({ editable_until: open })}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The 7 days to edit this review have passed.',
    );
  });
});

describe('SessionFeedback on the player session page', () => {
  it('shows nothing where the player may not review the session', async () => {
    const sent = stubServer({
      [`GET ${feedbackPath}`]: { status: 200, body: { eligible: false, feedback: null } },
    });
    renderWithProviders(<SessionFeedback sessionId={sessionId} gameMasterName="Maren" />);

    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    expect(screen.queryByRole('button', { name: 'Rate this session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your feedback' })).not.toBeInTheDocument();
  });

  it('offers "Rate this session", which opens the dialog', async () => {
    stubServer({
      [`GET ${feedbackPath}`]: { status: 200, body: { eligible: true, feedback: null } },
    });
    renderWithProviders(<SessionFeedback sessionId={sessionId} gameMasterName="Maren" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Rate this session' }));

    expect(await screen.findByRole('dialog', { name: 'Rate this session' })).toBeInTheDocument();
  });

  it('shows the review with Edit and the date until which it may be edited', async () => {
    stubServer({
      [`GET ${feedbackPath}`]: {
        status: 200,
        body: { eligible: true, feedback: aReview({ editable_until: '2999-01-08T18:00:00Z' }) },
      },
    });
    renderWithProviders(<SessionFeedback sessionId={sessionId} gameMasterName="Maren" />);

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByTestId('feedback-window')).toHaveTextContent(
      /You can edit your review until .*2999/,
    );
    expect(screen.getByText('A fine evening.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  });

  it('shows the review read-only once the 7 days are over', async () => {
    stubServer({
      [`GET ${feedbackPath}`]: {
        status: 200,
        body: { eligible: true, feedback: aReview({ editable_until: closed }) },
      },
    });
    renderWithProviders(<SessionFeedback sessionId={sessionId} gameMasterName="Maren" />);

    expect(await screen.findByText('A fine evening.')).toBeInTheDocument();
    expect(screen.getByTestId('feedback-window')).toHaveTextContent(
      'this one can no longer be changed',
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
