import { i18n } from '@/lib/i18n';
import { resources } from '@/lib/i18n/create-i18n';

// The app loads Polish on demand; tests switch languages synchronously, so every language is there from the start.
for (const [locale, translation] of Object.entries(resources)) {
  i18n.addResourceBundle(locale, 'translation', translation, true, true);
}
