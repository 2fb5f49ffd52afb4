import 'i18next';

import type enGB from '@/locales/en-GB.json';

// en-GB.json is the source of the key type: a key missing from it is a compile error.
declare module 'i18next' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB };
  }
}
