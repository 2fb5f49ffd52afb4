import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import type { GmReviewPage } from '../api/types';
import { aReview, gmId, playerId, queryClientFor, strangerId, stubServer } from '../testing';
import { ProfileReviews } from './profile-reviews';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  const createApiClient = (options?: Parameters<typeof original.createApiClient>[0]) =>
    original.createApiClient({ ...options, baseUrl: 'http://localhost' });
  return { ...original, createApiClient, api: createApiClient() };
});

const reviewsPath = `/api/accounts/${gmId}/reviews`;
const hostile = '<img src=x onerror="alert(1)"> <b>bold</b>\nSecond line';

function page(overrides: Partial<GmReviewPage> = {}): GmReviewPage {
  return {
    items: [
      aReview({
        id: 'r2',
        rating: 5,
        body: hostile,
        created_at: '2030-03-02T18:00:00Z',
        updated_at: '2030-03-02T18:00:00Z',
        author: { account_id: strangerId, display_name: 'Olek' },
      }),
      aReview({
        id: 'r1',
        rating: 4,
        answer: { body: 'Thank you, see you next week!', created_at: '2030-03-03T10:00:00Z' },
      }),
    ],
    count: 2,
    offset: 0,
    limit: 20,
    average: 4.5,
    rating_count: 2,
    ...overrides,
  };
}

const gmProfile = { account_id: gmId, type: 'gm', sessions_played: 0, review_summary: null };

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en-GB');
});

describe('ProfileReviews on a GM profile', () => {
  it('shows the average, the count and the reviews newest first, texts inert', async () => {
    const sent = stubServer({ [`GET ${reviewsPath}`]: { status: 200, body: page() } });
    const { container } = renderWithProviders(<ProfileReviews profile={gmProfile} />, {
      queryClient: queryClientFor(undefined),
    });

    expect(await screen.findByTestId('review-average')).toHaveTextContent('4.5');
    expect(screen.getByTestId('review-count')).toHaveTextContent('2 reviews');
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(sent.filter((request) => request.path === reviewsPath).map((r) => r.search)).toEqual([
      '?offset=0&limit=20',
    ]);

    const reviews = screen.getAllByTestId('review');
    expect(reviews.map((review) => within(review).getByRole('heading').textContent)).toEqual([
      'Olek',
      'Ilse',
    ]);
    // The text is shown as written, markup included, and nothing of it became an element.
    const [first, second] = reviews;
    if (!first || !second) throw new Error('two reviews expected');
    expect(within(first).getByText(/<img src=x onerror="alert\(1\)">/)).toHaveTextContent(
      '<img src=x onerror="alert(1)"> <b>bold</b> Second line',
    );
    expect(first.textContent).toContain('<b>bold</b>\nSecond line');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Sunken Bell' })).toHaveAttribute(
      'href',
      '/questboard/sunken-bell',
    );
    // The GM's answer under the review it answers.
    expect(within(second).getByTestId('review-answer')).toHaveTextContent(
      'Thank you, see you next week!',
    );
    // A visitor neither answers nor reports.
    expect(screen.queryByRole('button', { name: /Report|Answer publicly/ })).toBeNull();
  });

  it('counts the sessions a GM ran beside those they played', async () => {
    stubServer({ [`GET ${reviewsPath}`]: { status: 200, body: page() } });
    renderWithProviders(<ProfileReviews profile={{ ...gmProfile, sessions_run: 2 }} />, {
      queryClient: queryClientFor(undefined),
    });
    expect(screen.getByTestId('sessions-played')).toHaveTextContent(
      '2 sessions run · 0 sessions played',
    );
    expect(await screen.findByTestId('review-average')).toHaveTextContent('4.5');
  });

  it('goes page by page, 20 at a time', async () => {
    const sent = stubServer({
      [`GET ${reviewsPath}`]: (request) =>
        request.search.includes('offset=20')
          ? { status: 200, body: page({ offset: 20, count: 25, items: [aReview({ id: 'old' })] }) }
          : { status: 200, body: page({ count: 25 }) },
    });
    renderWithProviders(<ProfileReviews profile={gmProfile} />, {
      queryClient: queryClientFor(undefined),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));

    await waitFor(() => {
      expect(screen.getAllByTestId('review')).toHaveLength(1);
    });
    expect(
      sent.filter((request) => request.path === reviewsPath).map((request) => request.search),
    ).toEqual(['?offset=0&limit=20', '?offset=20&limit=20']);
  });

  it('says when there is no review yet', async () => {
    stubServer({
      [`GET ${reviewsPath}`]: {
        status: 200,
        body: page({ items: [], count: 0, average: null, rating_count: 0 }),
      },
    });
    renderWithProviders(<ProfileReviews profile={gmProfile} />);

    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('review-average')).toBeNull();
  });

  it('lets the GM answer unanswered reviews on their own profile, once', async () => {
    stubServer({ [`GET ${reviewsPath}`]: { status: 200, body: page() } });
    renderWithProviders(<ProfileReviews profile={gmProfile} />, {
      queryClient: queryClientFor(gmId),
    });

    const reviews = await screen.findAllByTestId('review');
    const [unanswered, answered] = reviews as [HTMLElement, HTMLElement];
    expect(within(unanswered).getByRole('button', { name: 'Answer publicly' })).toBeVisible();
    expect(within(answered).queryByRole('button', { name: 'Answer publicly' })).toBeNull();

    await userEvent.click(within(unanswered).getByRole('button', { name: 'Answer publicly' }));
    expect(await screen.findByRole('dialog', { name: 'Answer publicly' })).toBeInTheDocument();
  });

  it('lets anyone signed in report a review, except its author', async () => {
    stubServer({ [`GET ${reviewsPath}`]: { status: 200, body: page() } });
    renderWithProviders(<ProfileReviews profile={gmProfile} />, {
      queryClient: queryClientFor(playerId),
    });

    const reviews = await screen.findAllByTestId('review');
    const [byOlek, byIlse] = reviews as [HTMLElement, HTMLElement];
    expect(within(byOlek).getByRole('button', { name: 'Report the review by Olek' })).toBeVisible();
    // Ilse (playerId) wrote the second one: she cannot report it, nor answer (she is not the GM).
    expect(within(byIlse).queryByRole('button')).toBeNull();

    await userEvent.click(
      within(byOlek).getByRole('button', { name: 'Report the review by Olek' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Report the review by Olek?' }),
    ).toBeInTheDocument();
  });
});

describe('ProfileReviews on a player profile', () => {
  it('says how many sessions they played, in Polish plural forms too, and lists no reviews', async () => {
    const sent = stubServer({});
    const player = (count: number) => ({
      account_id: playerId,
      type: 'player',
      sessions_played: count,
      review_summary: null,
    });
    const first = renderWithProviders(<ProfileReviews profile={player(1)} />);

    expect(screen.getByTestId('sessions-played')).toHaveTextContent('1 session played');
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
    expect(sent.filter((request) => request.path.includes('/reviews'))).toEqual([]);
    first.unmount();

    await changeLocale('pl-PL');
    for (const [count, words] of [
      [1, '1 rozegrana sesja'],
      [3, '3 rozegrane sesje'],
      [5, '5 rozegranych sesji'],
      [22, '22 rozegrane sesje'],
    ] as const) {
      const { unmount } = renderWithProviders(<ProfileReviews profile={player(count)} />);
      expect(screen.getByTestId('sessions-played')).toHaveTextContent(words);
      unmount();
    }
  });
});
