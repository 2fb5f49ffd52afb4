/**
 * The message composer: Enter sends, Shift+Enter starts a new line, a counter shows the length against the
 * limit. The text stays until the server has stored the message (a failed send keeps it and offers to try again
 * with the same client id, so a retry never sends it twice), and it survives closing the conversation (a draft
 * per conversation in session storage). A rate limit is told calmly, with the seconds from Retry-After.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n';
import { useKeepClearOfToasts } from '@/lib/toast-clearance';
import { cn } from '@/lib/utils';

import {
  canSend,
  characterCount,
  MESSAGE_MAX_CHARS,
  nextSend,
  readDraft,
  writeDraft,
  type PendingSend,
} from '../lib/composer';
import { chatErrorMessage } from '../lib/errors';

type Problem =
  { kind: 'rateLimited'; seconds: number | undefined } | { kind: 'failed'; message: string };

export function Composer({
  chatId,
  onSend,
  disabled = false,
  max = MESSAGE_MAX_CHARS,
}: {
  chatId: string;
  /** Resolves once the server has stored the message; rejects with the API's error otherwise. */
  onSend: (send: PendingSend) => Promise<unknown>;
  disabled?: boolean;
  max?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState(() => readDraft(chatId));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
  const pending = useRef<PendingSend | undefined>(undefined);
  // Toasts sit bottom right, where Send is: they rise above the composer while it is on screen.
  const form = useRef<HTMLFormElement>(null);
  useKeepClearOfToasts(form);
  const counterId = useId();
  const problemId = useId();
  const used = characterCount(text);
  const tooLong = used > max;

  useEffect(() => {
    writeDraft(chatId, text);
  }, [chatId, text]);

  async function send() {
    if (sending || disabled || !canSend(text, max)) return;
    const attempt = nextSend(text, pending.current);
    pending.current = attempt;
    setSending(true);
    setProblem(undefined);
    try {
      await onSend(attempt);
      pending.current = undefined;
      // Text typed while the message was on its way stays in the composer.
      setText((current) => (current === attempt.body ? '' : current));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setProblem({ kind: 'rateLimited', seconds: error.retryAfterSeconds });
      } else {
        setProblem({ kind: 'failed', message: chatErrorMessage(error, t) });
      }
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      ref={form}
      className="flex flex-col gap-1.5 border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${counterId}-input`} className="sr-only">
        {t('chat.composer.label')}
      </label>
      <textarea
        id={`${counterId}-input`}
        value={text}
        rows={2}
        disabled={disabled}
        placeholder={t('chat.composer.placeholder')}
        aria-describedby={problem ? `${counterId} ${problemId}` : counterId}
        aria-invalid={tooLong || undefined}
        className="max-h-40 min-h-12 w-full resize-none rounded-md border border-border bg-background px-3 py-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:opacity-50 aria-invalid:border-destructive"
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        data-testid="chat-composer"
      />
      {problem && (
        <div
          id={problemId}
          role="status"
          className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
        >
          <span data-testid="chat-composer-problem">
            {problem.kind === 'rateLimited'
              ? problem.seconds === undefined
                ? t('chat.composer.rateLimitedLater')
                : t('chat.composer.rateLimited', { count: problem.seconds })
              : t('chat.composer.failed', { reason: problem.message })}
          </span>
          {problem.kind === 'failed' && (
            <Button type="submit" variant="outline" size="sm" disabled={sending}>
              {t('chat.composer.retry')}
            </Button>
          )}
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <span
          id={counterId}
          className={cn(
            'text-xs tabular-nums',
            tooLong ? 'text-destructive' : 'text-muted-foreground',
          )}
          data-testid="chat-composer-counter"
        >
          {tooLong
            ? t('chat.composer.tooLong', { used: format.number(used), max: format.number(max) })
            : t('chat.composer.counter', { used: format.number(used), max: format.number(max) })}
        </span>
        <Button type="submit" size="sm" disabled={sending || disabled || !canSend(text, max)}>
          {t('chat.composer.send')}
        </Button>
      </div>
    </form>
  );
}
