// The front door of the profiles feature: other features import only what is exported here.
export { profileQueryOptions, useProfile, type PublicProfile } from './api/get-profile';
