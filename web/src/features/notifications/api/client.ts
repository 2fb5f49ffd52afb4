/** The notifications operations go through the app's client (its CSRF header and network-error middleware). */
export { api as notificationsApi } from '@/lib/api/client';
