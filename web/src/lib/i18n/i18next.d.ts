import 'i18next';

import type enGB from '@/locales/en-GB.json';
import type enGBWorkspace from '@/locales/workspace/en-GB.json';

// en-GB.json and its workspace part are the source of the key type: a key missing from them is a compile error.
declare module 'i18next' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB & typeof enGBWorkspace };
  }
}
