// The front door of the sessions feature: other features import only what is exported here (the pages themselves
// reach the router through routes/sessions.tsx, its palette commands through commands.ts).
export { sessionHrefs } from './lib/hrefs';
