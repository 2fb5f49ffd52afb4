/**
 * HAND-WRITTEN, TEMPORARY: the notifications operations of issue 18 as the server's contract states them
 * (docs/decisions.md, "Notifications web (issue 18)"). The server was built at the same time, so the generated
 * client (`lib/api/schema.ts`) did not have them yet. These are the shapes openapi-typescript writes, so that at
 * merge each type below becomes `components['schemas'][…]`, `NotificationPaths` is dropped, and `./client.ts` uses
 * the app's `api` again. Nothing else in the feature names the wire shapes.
 */

/** What happened, one per kind of notification (snake_case on the wire). */
export type NotificationKind =
  | 'application_received'
  | 'application_accepted'
  | 'application_rejected'
  | 'session_invited'
  | 'schedule_fixed'
  | 'schedule_changed'
  | 'preparation_started'
  | 'payment_due'
  | 'session_started'
  | 'session_cancelled'
  | 'payment_receipt'
  | 'refund_issued'
  | 'chat_message'
  | 'session_reminder'
  | 'review_received';

/** The values a notification is worded from; every field may be absent or null. */
export type NotificationParams = {
  /** Format: uuid */
  actor_id?: string | null;
  actor_name?: string | null;
  /** Format: uuid */
  series_id?: string | null;
  series_handle?: string | null;
  series_title?: string | null;
  /** Format: uuid */
  session_id?: string | null;
  /** Format: date-time */
  starts_at?: string | null;
  /** @description IANA time zone of `starts_at` (the series'). */
  time_zone?: string | null;
  /** @description Integer minor units of `currency_code`. */
  amount?: number | null;
  /** @description Lower-case ISO 4217 code. */
  currency_code?: string | null;
  /** Format: uuid */
  chat_id?: string | null;
  /** @description At most 140 characters of the message. */
  message_preview?: string | null;
  reminder?: '24h' | '1h' | null;
  rating?: number | null;
};

export type Notification = {
  /** Format: uuid */
  id: string;
  kind: NotificationKind;
  /** Format: date-time */
  created_at: string;
  /** Format: date-time */
  read_at: string | null;
  /** @description An app path such as `/questboard/{handle}`. */
  link: string;
  params: NotificationParams;
};

export type NotificationPage = {
  items: Notification[];
  count: number;
  offset: number;
  limit: number;
  /** @description Every unread notification of the caller, whatever the filter. */
  unread_count: number;
};

export type NotificationPreferences = {
  email_kinds: NotificationKind[];
  reminder_24h: boolean;
  reminder_1h: boolean;
};

export type UnsubscribeResult = {
  unsubscribed: NotificationKind | 'all';
};

type JsonContent<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };
type ErrorContent = JsonContent<{
  error: { type: string; code: string; message: string; fields?: Record<string, unknown> };
}>;

/** The operations in openapi-typescript's `paths` shape, for openapi-fetch. */
export type NotificationPaths = {
  '/api/notifications': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** listNotifications */
    get: {
      parameters: {
        query?: { offset?: number; limit?: number; unread_only?: boolean };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: JsonContent<NotificationPage>; 400: ErrorContent; 401: ErrorContent };
    };
  };
  '/api/notifications/{notification_id}/read': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** markNotificationRead */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: { notification_id: string };
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: JsonContent<Notification>; 401: ErrorContent; 404: ErrorContent };
    };
  };
  '/api/notifications/read-all': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** markAllNotificationsRead */
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never }; 401: ErrorContent };
    };
  };
  '/api/notification-preferences': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** getNotificationPreferences */
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: JsonContent<NotificationPreferences>; 401: ErrorContent };
    };
    /** updateNotificationPreferences */
    put: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': NotificationPreferences } };
      responses: {
        200: JsonContent<NotificationPreferences>;
        400: ErrorContent;
        401: ErrorContent;
        422: ErrorContent;
      };
    };
  };
  '/api/unsubscribe': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** unsubscribe (no sign-in: the signed token is the only credential) */
    post: {
      parameters: { query: { token: string }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: JsonContent<UnsubscribeResult>; 400: ErrorContent };
    };
  };
};
