/**
 * One conversation: a header with the other person and the actions, the series it is about, the history (newest
 * at the bottom; older pages load when the reader scrolls to the top, or with the button there), and the
 * composer. What the other person wrote is marked read once it is on screen in a visible tab.
 */
import { ArrowLeft, Flag, MoreHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import {
  isBlockedError,
  useChat,
  useChatHistory,
  useMarkRead,
  useSendMessage,
  type ReportTarget,
} from '../api/chat';
import { conversationsValue, withChat } from '../lib/dock';
import { newestFromOther, orderHistory } from '../lib/history';
import type { ChatDetail, HistoryEntry } from '../lib/types';
import { BlockDialog, ReportDialog } from './chat-dialogs';
import { Composer } from './composer';
import { MessageText } from './message-text';

function seriesHref(handle: string): string {
  return `/questboard/${encodeURIComponent(handle)}`;
}

export function ConversationView({ chatId, viewerId }: { chatId: string; viewerId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const chat = useChat(chatId, viewerId);
  const backHref = {
    pathname: location.pathname,
    search: withChat(location.search, conversationsValue),
  };

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby={`chat-title-${chatId}`}>
      <header className="flex items-center gap-2 border-b border-border px-2 py-2">
        <Link
          to={backHref}
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          aria-label={t('chat.back')}
        >
          <ArrowLeft className="size-4" aria-hidden />
        </Link>
        <h3 id={`chat-title-${chatId}`} className="min-w-0 flex-1 truncate text-sm font-semibold">
          {chat.data ? chat.data.other.nickname : '\u00a0'}
        </h3>
        {chat.data && <ConversationActions chat={chat.data} />}
      </header>
      {chat.isError && (
        <p role="alert" className="p-4 text-sm">
          {t('chat.historyFailed')}
        </p>
      )}
      {chat.data && <Conversation chat={chat.data} viewerId={viewerId} />}
    </section>
  );
}

function ConversationActions({ chat }: { chat: ChatDetail }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'block' | 'report' | undefined>();
  const name = chat.other.nickname;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          aria-label={t('chat.actions.menu')}
          data-testid="chat-actions"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuItem
            onSelect={() => {
              setDialog('block');
            }}
          >
            {chat.blockedByMe
              ? t('chat.actions.unblock', { name })
              : t('chat.actions.block', { name })}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              setDialog('report');
            }}
          >
            {t('chat.actions.reportPerson', { name })}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockDialog
        open={dialog === 'block'}
        onOpenChange={(open) => {
          if (!open) setDialog(undefined);
        }}
        other={chat.other}
        block={!chat.blockedByMe}
      />
      <ReportDialog
        open={dialog === 'report'}
        onOpenChange={(open) => {
          if (!open) setDialog(undefined);
        }}
        target={{ userId: chat.other.userId }}
        other={chat.other}
      />
    </>
  );
}

function Conversation({ chat, viewerId }: { chat: ChatDetail; viewerId: string }) {
  const { t } = useTranslation();
  const history = useChatHistory(chat.id, viewerId);
  const send = useSendMessage(chat.id);
  const markRead = useMarkRead(chat.id);
  const entries = useMemo(() => orderHistory(history.data ?? []), [history.data]);
  const [reported, setReported] = useState<ReportTarget | undefined>();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  // Where the reader was before a page was added above, and whether they were at the bottom.
  const before = useRef({ height: 0, atBottom: true, first: undefined as string | undefined });

  // Newest at the bottom: the view follows new messages while the reader is at the bottom, and keeps the
  // reader's place when an older page is added above.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const firstId = entries[0]?.id;
    if (
      before.current.first !== undefined &&
      firstId !== before.current.first &&
      !before.current.atBottom
    ) {
      element.scrollTop += element.scrollHeight - before.current.height;
    } else if (before.current.atBottom) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { ...before.current, height: element.scrollHeight, first: firstId };
  }, [entries]);

  // Older messages when the top of the history comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current },
    );
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The read marker: the newest message from the other person, once, while the tab is visible.
  const newest = newestFromOther(entries)?.id;
  const marked = useRef<string | undefined>(undefined);
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (newest === undefined || marked.current === newest) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || marked.current === newest) return;
      marked.current = newest;
      mark(newest);
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => {
      document.removeEventListener('visibilitychange', markIfVisible);
    };
  }, [newest, mark]);

  const blockedBySend = isBlockedError(send.error);

  return (
    <>
      {chat.context && (
        <p
          className="border-b border-border bg-muted/50 px-4 py-2 text-sm"
          data-testid="chat-context"
        >
          <span className="text-muted-foreground">{t('chat.contextSeries')}: </span>
          <Link
            to={seriesHref(chat.context.handle ?? '')}
            className="font-medium underline-offset-2 hover:underline"
          >
            {chat.context.title}
          </Link>
        </p>
      )}
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
        role="log"
        aria-label={t('chat.history')}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          before.current.atBottom =
            element.scrollHeight - element.scrollTop - element.clientHeight < 24;
        }}
        data-testid="chat-history"
      >
        <div ref={top} />
        {history.isError && <p className="text-sm">{t('chat.historyFailed')}</p>}
        {history.hasNextPage ? (
          <div className="flex justify-center pb-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={history.isFetchingNextPage}
              onClick={() => {
                before.current.atBottom = false;
                void history.fetchNextPage();
              }}
            >
              {history.isFetchingNextPage ? t('chat.loadingOlder') : t('chat.loadOlder')}
            </Button>
          </div>
        ) : (
          history.data && (
            <p className="pb-2 text-center text-xs text-muted-foreground">{t('chat.beginning')}</p>
          )
        )}
        <ol className="flex flex-col gap-2">
          {entries.map((entry) => (
            <HistoryRow
              key={`${entry.kind}:${entry.id}`}
              entry={entry}
              onReport={(messageId) => {
                setReported({ messageId });
              }}
            />
          ))}
        </ol>
      </div>
      {chat.blockedByMe ? (
        <p
          className="border-t border-border p-3 text-sm text-muted-foreground"
          data-testid="chat-blocked"
        >
          {t('chat.blockedBanner', { name: chat.other.nickname })}
        </p>
      ) : (
        <>
          {blockedBySend && (
            <p className="px-3 pt-2 text-sm text-muted-foreground">{t('chat.composer.blocked')}</p>
          )}
          <Composer
            key={chat.id}
            chatId={chat.id}
            onSend={(pending) => {
              before.current.atBottom = true;
              return send.mutateAsync(pending);
            }}
          />
        </>
      )}
      {reported && (
        <ReportDialog
          open
          onOpenChange={(open) => {
            if (!open) setReported(undefined);
          }}
          target={reported}
          other={chat.other}
        />
      )}
    </>
  );
}

function HistoryRow({
  entry,
  onReport,
}: {
  entry: HistoryEntry;
  onReport: (messageId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (entry.kind === 'context') {
    return (
      <li
        className="my-1 flex items-center gap-2 text-xs text-muted-foreground"
        data-testid="chat-context-marker"
      >
        <span className="h-px flex-1 bg-border" aria-hidden />
        <span>{t('chat.contextChanged', { title: entry.series.title })}</span>
        <span className="h-px flex-1 bg-border" aria-hidden />
      </li>
    );
  }
  return (
    <li
      className={cn('group flex items-end gap-1', entry.fromMe ? 'justify-end' : 'justify-start')}
      data-testid="chat-message"
      data-from-me={entry.fromMe}
    >
      {!entry.fromMe && (
        <button
          type="button"
          className="order-last rounded p-1 text-muted-foreground opacity-60 hover:opacity-100 focus-visible:opacity-100"
          aria-label={t('chat.actions.reportMessage')}
          onClick={() => {
            onReport(entry.id);
          }}
        >
          <Flag className="size-3.5" aria-hidden />
        </button>
      )}
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          entry.fromMe ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <MessageText text={entry.body} />
        <time
          dateTime={entry.sentAt}
          className={cn(
            'mt-1 block text-[0.6875rem]',
            entry.fromMe ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          {format.dateTime(entry.sentAt)}
        </time>
      </div>
    </li>
  );
}
