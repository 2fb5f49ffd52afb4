/**
 * Chat with the series' GM (issue 17). Even the chat feature's front door loads on first show, and only for a
 * signed-in user: the Questboard's first load stays within its budget (scripts/check-bundle-budget.mjs).
 */
import { lazy, Suspense } from 'react';

import type { ChatButtonProps } from '@/features/chat';
import { useSignedInUser } from '@/lib/auth/current-user';

const ChatButton = lazy(() =>
  import('@/features/chat').then((module) => ({ default: module.ChatButton })),
);

export function ChatLink(props: ChatButtonProps) {
  if (!useSignedInUser()) return null;
  return (
    <Suspense fallback={null}>
      <ChatButton {...props} />
    </Suspense>
  );
}
