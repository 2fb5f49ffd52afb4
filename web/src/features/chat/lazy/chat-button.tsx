import { lazy, Suspense } from 'react';

import { useSignedInUser } from '@/lib/auth/current-user';
import { withWorkspaceStrings } from '@/lib/i18n';

import type { ChatButtonProps } from '../components/chat-button';

export type { ChatButtonProps };

const Lazy = lazy(
  withWorkspaceStrings(() =>
    import('../components/chat-button').then((module) => ({ default: module.ChatButton })),
  ),
);

/** The Chat button; its code loads only for a signed-in user (a visitor never sees it). */
export function ChatButton(props: ChatButtonProps) {
  const viewer = useSignedInUser();
  if (!viewer) return null;
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
