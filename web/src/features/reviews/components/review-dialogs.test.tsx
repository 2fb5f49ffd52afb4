import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';

import { aReview, refusal, reviewId, stubServer } from '../testing';
import { AnswerReviewDialog, ReportReviewDialog } from './review-dialogs';

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

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('AnswerReviewDialog', () => {
  it('quotes the review as text, publishes the answer and closes', async () => {
    const review = aReview({ body: '<script>alert(1)</script>' });
    const sent = stubServer({
      [`POST /api/reviews/${reviewId}/answer`]: {
        status: 200,
        body: { ...review, answer: { body: 'Thanks!', created_at: '2030-03-03T10:00:00Z' } },
      },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<AnswerReviewDialog open onOpenChange={onOpenChange} review={review} />);

    const dialog = screen.getByRole('dialog', { name: 'Answer publicly' });
    expect(dialog).toHaveTextContent('<script>alert(1)</script>');
    expect(dialog.querySelector('script')).toBeNull();
    await userEvent.type(screen.getByLabelText('Your answer'), ' Thanks! ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: `/api/reviews/${reviewId}/answer`, body: { body: 'Thanks!' } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Answer published');
  });

  it('needs some text', async () => {
    const sent = stubServer({});
    renderWithProviders(<AnswerReviewDialog open onOpenChange={vi.fn()} review={aReview()} />);

    await userEvent.type(screen.getByLabelText('Your answer'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));

    expect(screen.getByText('Write your answer first.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says so when the review was answered already', async () => {
    stubServer({
      [`POST /api/reviews/${reviewId}/answer`]: refusal(409, 'review_already_answered'),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<AnswerReviewDialog open onOpenChange={onOpenChange} review={aReview()} />);

    await userEvent.type(screen.getByLabelText('Your answer'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));

    expect(await screen.findByText('This review has already been answered.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('ReportReviewDialog', () => {
  it('sends the review and the reason, thanks and closes', async () => {
    const sent = stubServer({ 'POST /api/review-reports': { status: 204 } });
    const onOpenChange = vi.fn();
    renderWithProviders(<ReportReviewDialog open onOpenChange={onOpenChange} review={aReview()} />);

    expect(screen.getByRole('dialog', { name: 'Report the review by Ilse?' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Insults the GM');
    expect(screen.getByText('14 / 500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/review-reports',
        body: { review_id: reviewId, reason: 'Insults the GM' },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Thank you. An administrator will look at it.');
  });

  it('needs a reason', async () => {
    const sent = stubServer({});
    renderWithProviders(<ReportReviewDialog open onOpenChange={vi.fn()} review={aReview()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Report' }));

    expect(screen.getByText('Tell us why you report this review.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
