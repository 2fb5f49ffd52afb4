import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '@/lib/api/errors';
import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import type { PendingSend } from '../lib/composer';
import { Composer } from './composer';

function composer() {
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('the chat composer', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
    sessionStorage.clear();
  });

  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const sent: PendingSend[] = [];
    const onSend = vi.fn((send: PendingSend) => {
      sent.push(send);
      return Promise.resolve();
    });
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(composer()).toHaveValue('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(composer()).toHaveValue('');
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe('First line\nsecond line');
    expect(sent[0]?.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not send white space only', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('counts characters against the limit and refuses a message over it', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    renderWithProviders(<Composer chatId="c1" onSend={onSend} max={5} />);
    const user = userEvent.setup();
    // An emoji is one character, as the server counts, though two UTF-16 units.
    await user.type(composer(), 'ab😀');
    expect(screen.getByTestId('chat-composer-counter')).toHaveTextContent('3 / 5');
    await user.type(composer(), 'cde');
    expect(screen.getByTestId('chat-composer-counter')).toHaveTextContent(
      '6 / 5: too long to send',
    );
    expect(composer()).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('keeps the text after a dropped connection and retries with the same client id', async () => {
    const sent: PendingSend[] = [];
    let fail = true;
    const onSend = vi.fn((send: PendingSend) => {
      sent.push(send);
      return fail ? Promise.reject(new NetworkError(new TypeError('offline'))) : Promise.resolve();
    });
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), 'Is there a seat left?{Enter}');
    expect(await screen.findByTestId('chat-composer-problem')).toHaveTextContent(
      'Not sent, your text is kept. Cannot reach Questline.',
    );
    expect(composer()).toHaveValue('Is there a seat left?');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(composer()).toHaveValue('');
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.clientId).toBe(sent[0]?.clientId);
    expect(screen.queryByTestId('chat-composer-problem')).not.toBeInTheDocument();
  });

  it('gives changed text a new client id', async () => {
    const sent: PendingSend[] = [];
    const onSend = vi.fn((send: PendingSend) => {
      sent.push(send);
      return sent.length === 1
        ? Promise.reject(new NetworkError(new TypeError('offline')))
        : Promise.resolve();
    });
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), 'Hello{Enter}');
    await screen.findByTestId('chat-composer-problem');
    await user.type(composer(), ' there{Enter}');
    await waitFor(() => {
      expect(composer()).toHaveValue('');
    });
    expect(sent.map((send) => send.body)).toEqual(['Hello', 'Hello there']);
    expect(sent[1]?.clientId).not.toBe(sent[0]?.clientId);
  });

  it('tells a rate limit calmly with the seconds from Retry-After', async () => {
    const onSend = vi.fn(() =>
      Promise.reject(
        new ApiError(
          429,
          {
            type: 'not_allowed',
            code: 'rate_limited',
            message: 'Too many attempts. Try again later.',
            fields: {},
          },
          7,
        ),
      ),
    );
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), 'Hello{Enter}');
    expect(await screen.findByTestId('chat-composer-problem')).toHaveTextContent(
      'You are sending quickly. You can send again in 7 seconds.',
    );
    expect(composer()).toHaveValue('Hello');
  });

  it('keeps a draft per conversation', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const first = renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(composer(), 'Half a thought');
    first.unmount();
    const second = renderWithProviders(<Composer chatId="c2" onSend={onSend} />);
    expect(composer()).toHaveValue('');
    second.unmount();
    renderWithProviders(<Composer chatId="c1" onSend={onSend} />);
    expect(composer()).toHaveValue('Half a thought');
  });
});
