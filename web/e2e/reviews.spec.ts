/**
 * Issue 19's story: after a completed session the Dashboard asks the player for feedback, and they rate the session
 * and review the GM from the session page it opens (the Dashboard then asks no more); the GM's public profile shows
 * the review with the average and the count; the GM answers it publicly on their own profile and the answer shows
 * for everyone. The review's text carries markup, which must stay text. The GM also keeps a private note about the
 * player from the session page. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test } from '@playwright/test';

import { capture, gameMaster, person } from './support/people';
import { completedSession } from './support/sessions';

const pageLoad = { timeout: 15_000 };

test('a player reviews the GM after a completed session, and the GM answers on their profile', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Lantern Cove ${suffix}`;
  const gm = await gameMaster(browser, 'Maren');
  const player = await person(browser, 'Ilse');
  const { sessionId } = await completedSession(gm, player, title);

  // The Dashboard asks the player for their feedback; the action opens the completed session's page, which offers
  // "Rate this session".
  await player.page.goto('/dashboard');
  const asked = player.page
    .getByTestId('dashboard-player')
    .getByTestId('action')
    .filter({ hasText: title });
  await expect(asked.getByRole('link', { name: 'Give feedback' })).toBeVisible(pageLoad);
  await capture(player.page, 'reviews-dashboard-asks');
  await asked.getByRole('link', { name: 'Give feedback' }).click();
  await expect(player.page).toHaveURL(
    new RegExp(`/dashboard/player/my-sessions/${sessionId}$`),
    pageLoad,
  );
  await expect(player.page.getByRole('heading', { level: 1, name: title })).toBeVisible(pageLoad);
  const feedback = player.page.getByTestId('session-feedback');
  await expect(feedback.getByRole('heading', { name: 'Your feedback' })).toBeVisible(pageLoad);
  await capture(player.page, 'reviews-player-session');
  await feedback.getByRole('button', { name: 'Rate this session' }).click();

  // The dialog: four stars chosen with the keyboard (the arrow key moves and chooses), a review with markup.
  const dialog = player.page.getByRole('dialog', { name: 'Rate this session' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: '3 stars' }).focus();
  await player.page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const text = 'The storm scene was <b>superb</b>.\nWould play again.';
  await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill(text);
  await expect(dialog.getByText(`${String(text.length)} / 2,000`)).toBeVisible();
  await capture(player.page, 'reviews-feedback-dialog', false);
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(player.page.getByText('Thank you for your feedback')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The page now shows the review, editable for 7 days.
  await expect(feedback.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(feedback.getByTestId('feedback-window')).toContainText(
    'You can edit your review until',
  );
  await expect(feedback.getByRole('button', { name: 'Edit' })).toBeVisible();
  await capture(player.page, 'reviews-player-reviewed');

  // Given: the Dashboard asks no more.
  await player.page.goto('/dashboard');
  const mine = player.page.getByTestId('dashboard-player');
  await expect(mine.getByText('Nothing waits for you right now.')).toBeVisible(pageLoad);
  await expect(mine.getByRole('link', { name: 'Give feedback' })).toHaveCount(0);

  // The GM's public profile, as the player sees it: the average, the count and the review, markup as text.
  await player.page.goto(`/profile/${gm.id}`);
  await expect(player.page.getByRole('heading', { level: 1, name: 'Maren' })).toBeVisible(pageLoad);
  const reviews = player.page.getByTestId('gm-reviews');
  await expect(reviews.getByTestId('review-average')).toHaveText('4.0', pageLoad);
  await expect(reviews.getByTestId('review-count')).toHaveText('1 review');
  const review = reviews.getByTestId('review');
  await expect(review).toContainText('The storm scene was <b>superb</b>.');
  await expect(review.locator('b')).toHaveCount(0);
  await expect(review.getByRole('link', { name: title })).toBeVisible();
  // Her own review: she cannot report it.
  await expect(review.getByRole('button', { name: /Report/ })).toHaveCount(0);
  await capture(player.page, 'reviews-gm-profile');

  // The GM answers publicly on their own profile, once.
  await gm.page.goto(`/profile/${gm.id}`);
  const own = gm.page.getByTestId('gm-reviews');
  const gmReview = own.getByTestId('review');
  await gmReview.getByRole('button', { name: 'Answer publicly' }).click(pageLoad);
  const answerDialog = gm.page.getByRole('dialog', { name: 'Answer publicly' });
  await answerDialog
    .getByRole('textbox', { name: 'Your answer' })
    .fill('Thank you, Ilse! See you at the cove.');
  await capture(gm.page, 'reviews-answer-dialog', false);
  await answerDialog.getByRole('button', { name: 'Publish answer' }).click();
  await expect(gm.page.getByText('Answer published')).toBeVisible();
  await expect(gmReview.getByTestId('review-answer')).toContainText(
    'Thank you, Ilse! See you at the cove.',
  );
  await expect(gmReview.getByRole('button', { name: 'Answer publicly' })).toHaveCount(0);
  await capture(gm.page, 'reviews-gm-answered');

  // Everyone sees the answer under the review.
  await player.page.reload();
  await expect(player.page.getByTestId('gm-reviews').getByTestId('review-answer')).toContainText(
    'Thank you, Ilse! See you at the cove.',
    pageLoad,
  );

  // The GM's private note about the player, from the session page.
  await gm.page.goto(`/dashboard/gm/my-sessions/${sessionId}`);
  await gm.page
    .getByTestId('session-participants')
    .getByRole('button', { name: 'Private note about Ilse' })
    .click(pageLoad);
  const noteDialog = gm.page.getByRole('dialog', { name: 'Private note about Ilse' });
  await expect(noteDialog).toContainText('Only you can see this note');
  await noteDialog
    .getByRole('textbox', { name: 'Note' })
    .fill('Great at puzzles; prefers evenings.');
  await capture(gm.page, 'reviews-note-dialog', false);
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(gm.page.getByText('Note saved')).toBeVisible();

  await Promise.all([gm.context.close(), player.context.close()]);
});
