// The front door of the accounts feature: other features import only what is exported here.
export { BecomeGameMasterDialog } from './components/become-game-master-dialog';
export { TimeZoneField } from './components/time-zone-field';
export { GmInvitation } from './components/gm-invitation';
