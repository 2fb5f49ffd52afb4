/** The notifications' palette command: open the full list (signed-in users). */
import { Bell } from 'lucide-react';

import type { Command } from '@/lib/commands/types';

import { notificationsPath } from '@/lib/paths';

export const notificationCommands: readonly Command[] = [
  {
    id: 'notifications.open',
    labelKey: 'palette.notifications.open',
    icon: Bell,
    keywords: ['notifications', 'alerts', 'inbox', 'bell', 'unread'],
    section: 'general',
    requirements: { authenticated: true },
    perform: (_context, { navigate }) => {
      navigate(notificationsPath);
    },
  },
];
