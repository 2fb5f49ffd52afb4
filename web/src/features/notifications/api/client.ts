/**
 * The notifications operations' client. Until the merge regenerates `lib/api/schema.ts` with them, it is typed by
 * the hand-written `NotificationPaths` (./types.ts); afterwards this file becomes `export { api } from
 * '@/lib/api/client'`. It carries the app's middleware (CSRF header, network errors) all the same.
 */
import { createApiClient } from '@/lib/api/client';

import type { NotificationPaths } from './types';

export const notificationsApi = createApiClient<NotificationPaths>();
