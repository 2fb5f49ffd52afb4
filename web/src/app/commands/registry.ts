/**
 * The one command registry: every feature's palette commands. Features add theirs in their own
 * `commands.ts` and list them here.
 */
import { accountCommands } from '@/features/accounts/commands';
import { applicationCommands } from '@/features/applications/commands';
import { blueprintCommands } from '@/features/blueprints/commands';
import { chatCommands } from '@/features/chat/commands';
import { commerceCommands } from '@/features/commerce/commands';
import { localizationCommands } from '@/features/localization/commands';
import { notificationCommands } from '@/features/notifications/commands';
import { profileCommands } from '@/features/profiles/commands';
import { reviewCommands } from '@/features/reviews/commands';
import { seriesCommands } from '@/features/series/commands';
import { sessionCommands } from '@/features/sessions/commands';
import type { Command } from '@/lib/commands/types';

export const commandRegistry: readonly Command[] = [
  ...localizationCommands,
  ...commerceCommands,
  ...profileCommands,
  ...blueprintCommands,
  ...seriesCommands,
  ...applicationCommands,
  ...sessionCommands,
  ...reviewCommands,
  ...accountCommands,
  ...chatCommands,
  ...notificationCommands,
];
