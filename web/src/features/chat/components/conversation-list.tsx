/** The viewer's conversations in the auxiliary sidebar: the other person, the last message, its time, unread. */
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { useChats } from '../api/chat';
import { withChat } from '../lib/dock';

export function ConversationList({ viewerId }: { viewerId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const chats = useChats(viewerId);

  if (chats.isError) {
    return (
      <div className="flex flex-col items-start gap-2 p-4 text-sm" role="alert">
        <p>{t('chat.loadFailed')}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void chats.refetch();
          }}
        >
          {t('chat.retry')}
        </Button>
      </div>
    );
  }
  if (!chats.data) return null;
  if (chats.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-muted-foreground">
        <MessagesSquare className="size-8" aria-hidden />
        <p>{t('chat.empty')}</p>
      </div>
    );
  }
  return (
    <nav aria-label={t('chat.listLabel')} className="min-h-0 flex-1 overflow-y-auto">
      <ul className="flex flex-col" data-testid="chat-list">
        {chats.data.items.map((chat) => (
          <li key={chat.id}>
            <Link
              to={{ pathname: location.pathname, search: withChat(location.search, chat.id) }}
              className="flex items-start gap-3 border-b border-border px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none"
              data-testid="chat-list-item"
            >
              <UserAvatar name={chat.other.nickname} />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{chat.other.nickname}</span>
                  {chat.lastMessage && (
                    <time
                      dateTime={chat.lastMessage.sentAt}
                      className="shrink-0 text-xs text-muted-foreground"
                    >
                      {format.relative(chat.lastMessage.sentAt)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      chat.unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {chat.lastMessage
                      ? chat.lastMessage.fromMe
                        ? t('chat.you', { text: chat.lastMessage.body })
                        : chat.lastMessage.body
                      : t('chat.noMessagesYet')}
                  </span>
                  {chat.unread > 0 && (
                    <span
                      className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums"
                      data-testid="chat-unread"
                    >
                      <span aria-hidden>{format.number(chat.unread)}</span>
                      <span className="sr-only">{t('chat.unread', { count: chat.unread })}</span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
