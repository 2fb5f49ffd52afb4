/** Every key this app keeps in the browser's localStorage, in one place so none collide or drift. */
export const storageKeys = {
  locale: 'questline.locale',
} as const;
