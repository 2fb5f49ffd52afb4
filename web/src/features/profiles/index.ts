// The front door of the profiles feature: other features import only what is exported here.
export { profileQueryOptions, useProfile, type PublicProfile } from './api/get-profile';
export { ProfileMissingNote } from './components/profile-missing';
export { useMyProfile, type MyProfile } from './api/get-my-profile';
