/**
 * The Chat button of a Questboard card, a series page (with the series' GM, about that series) and a profile.
 * It is there only when the spec's preconditions hold (lib/preconditions.ts): signed in, another account, both
 * chat users loaded with nicknames. A chat user that cannot be fetched (not a 404, which means "not someone to
 * chat with") leaves the button in place, and pressing it says 'Failed to fetch chat user data'.
 */
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { useSignedInUser } from '@/lib/auth/current-user';
import { toast } from '@/lib/toast';

import { useChatUser, useStartChat, type StartChat } from '../api/chat';
import { withChat } from '../lib/dock';
import { chatErrorMessage } from '../lib/errors';
import { canStartChat, mayOfferChat } from '../lib/preconditions';

export type ChatButtonProps = {
  /** The other account: a series' GM, or the profile's owner. */
  otherId: string;
  /** A series the chat is about (its GM is `otherId`). */
  seriesId?: string;
  /** The series' title, for the accessible name "Chat with the game master of …". */
  seriesTitle?: string;
  /** The other person's name, for the accessible name "Chat with …" (from a profile). */
  otherName?: string;
  size?: 'sm' | 'default';
};

export function ChatButton({
  otherId,
  seriesId,
  seriesTitle,
  otherName,
  size = 'sm',
}: ChatButtonProps) {
  const { t } = useTranslation();
  const viewer = useSignedInUser();
  const viewerId = viewer?.user.id;
  if (!mayOfferChat(viewerId, otherId) || viewerId === undefined) return null;
  const label =
    seriesTitle === undefined
      ? t('chat.entry.withPerson', { name: otherName ?? '' })
      : t('chat.entry.withGm', { title: seriesTitle });
  return (
    <ChatButtonFor
      viewerId={viewerId}
      otherId={otherId}
      seriesId={seriesId}
      label={label}
      size={size}
    />
  );
}

function ChatButtonFor({
  viewerId,
  otherId,
  seriesId,
  label,
  size,
}: {
  viewerId: string;
  otherId: string;
  seriesId: string | undefined;
  label: string;
  size: 'sm' | 'default';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useChatUser(viewerId);
  const other = useChatUser(otherId);
  const start = useStartChat({
    onSuccess: (chat) => {
      void navigate({ pathname: location.pathname, search: withChat(location.search, chat.id) });
    },
    onError: (error) => {
      toast.error(chatErrorMessage(error, t));
    },
  });
  const failed = me.isError || other.isError;
  if (!failed && !canStartChat(me.data ?? undefined, other.data ?? undefined)) return null;

  return (
    <button
      type="button"
      className={buttonVariants({ variant: 'outline', size })}
      aria-label={label}
      disabled={start.isPending}
      onClick={() => {
        if (failed) {
          void Promise.all([me.refetch(), other.refetch()]).then(([mine, theirs]) => {
            if (mine.isError || theirs.isError) toast.error(t('chat.entry.fetchUserFailed'));
          });
          return;
        }
        const target: StartChat = seriesId === undefined ? { userId: otherId } : { seriesId };
        start.mutate(target);
      }}
      data-testid="chat-button"
    >
      <MessageCircle className="size-4" aria-hidden />
      {t('chat.entry.button')}
    </button>
  );
}
