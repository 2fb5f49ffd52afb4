/**
 * The palette's "Start direct chat": no dialog to fill in, it fetches both chat users, starts (or opens) the
 * conversation and shows it in the sidebar. When a precondition fails it silently does nothing (spec §5); when
 * the chat users cannot be fetched it says 'Failed to fetch chat user data' (spec §8).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import type { CommandDialogProps } from '@/lib/commands/types';
import { toast } from '@/lib/toast';

import { chatUserQueryOptions, useStartChat } from '../api/chat';
import { chatTargetIn } from '../lib/command-target';
import { withChat } from '../lib/dock';
import { chatErrorMessage } from '../lib/errors';
import { canStartChat } from '../lib/preconditions';

export default function StartChatCommandDialog({
  open,
  onOpenChange,
  context,
}: CommandDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  const { mutateAsync } = useStartChat();

  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    const target = chatTargetIn(context);
    const viewerId = context.user?.id;
    void (async () => {
      try {
        if (!target || viewerId === undefined) return;
        let users;
        try {
          users = await Promise.all([
            queryClient.query(chatUserQueryOptions(viewerId)),
            queryClient.query(chatUserQueryOptions(target.otherId)),
          ]);
        } catch {
          toast.error(t('chat.entry.fetchUserFailed'));
          return;
        }
        if (!canStartChat(users[0] ?? undefined, users[1] ?? undefined)) return;
        const chat = await mutateAsync(
          target.seriesId === undefined
            ? { userId: target.otherId }
            : { seriesId: target.seriesId },
        );
        void navigate({ pathname: location.pathname, search: withChat(location.search, chat.id) });
      } catch (error) {
        toast.error(chatErrorMessage(error, t));
      } finally {
        onOpenChange(false);
      }
    })();
  }, [open, context, queryClient, mutateAsync, navigate, location, onOpenChange, t]);

  return null;
}
