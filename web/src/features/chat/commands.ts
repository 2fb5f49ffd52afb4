/**
 * The chat's palette commands (spec §6): start a direct chat with the other account in the context (a series'
 * GM on its Questboard page, a profile's owner), and open the conversations. Both for signed-in users only.
 */
import { MessagesSquare } from 'lucide-react';

import type { Command } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

import { chatTargetIn } from './lib/command-target';
import { conversationsValue, withChat } from './lib/dock';

export const chatCommands: readonly Command[] = [
  {
    id: 'chat.start',
    labelKey: 'palette.chat.start',
    icon: MessagesSquare,
    keywords: ['chat', 'message', 'talk', 'contact'],
    section: 'general',
    requirements: {
      authenticated: true,
      enabled: (context) => chatTargetIn(context) !== undefined,
    },
    dialog: lazyDialog(() => import('./components/start-chat-dialog')),
  },
  {
    id: 'chat.open',
    labelKey: 'palette.chat.open',
    icon: MessagesSquare,
    keywords: ['chat', 'conversations', 'inbox'],
    section: 'general',
    requirements: { authenticated: true },
    perform: (context, { navigate }) => {
      navigate(`${context.pathname}${withChat('', conversationsValue)}`);
    },
  },
];
