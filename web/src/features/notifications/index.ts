// The front door of the notifications feature (issue 18): other features and the shell import only what is
// exported here. Each export is a lazy wrapper, so a page that shows one loads the feature's code and strings
// after its first paint, and a visitor's page none of it.
export { NotificationBell } from './lazy/notification-bell';
export { NotificationPreferences } from './lazy/notification-preferences';
export { RecentNotifications } from './lazy/recent-notifications';
