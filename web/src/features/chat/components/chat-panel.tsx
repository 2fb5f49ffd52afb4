/**
 * What the auxiliary sidebar shows for a signed-in user: the conversations, or the one the address names
 * (`?chat=<id>`). On a phone the sidebar is a sheet as wide as the screen, so the conversation fills it.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useSignedInUser } from '@/lib/auth/current-user';

import { openChatId } from '../lib/dock';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

export default function ChatPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useSignedInUser();
  if (!user) return null;
  const chatId = openChatId(params);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-panel">
      {chatId === undefined ? (
        <>
          <h3 className="sr-only">{t('chat.sidebarTitle')}</h3>
          <ConversationList viewerId={user.user.id} />
        </>
      ) : (
        <ConversationView key={chatId} chatId={chatId} viewerId={user.user.id} />
      )}
    </div>
  );
}
