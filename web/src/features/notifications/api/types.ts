/**
 * The notifications operations' shapes (issue 18), named from the generated schema in one file so the rest of the
 * feature names them from here only.
 */
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** What happened, one per kind of notification (snake_case on the wire). */
export type NotificationKind = Schemas['NotificationKind'];

/** The values a notification is worded from; every field may be absent or null. */
export type NotificationParams = Schemas['NotificationParams'];

/** `read_at` is null (or absent) while unread. */
export type Notification = Schemas['Notification'];

export type NotificationPage = Schemas['NotificationPage'];

export type NotificationPreferences = Schemas['NotificationPreferences'];

export type UnsubscribeResult = Schemas['UnsubscribeResponse'];
