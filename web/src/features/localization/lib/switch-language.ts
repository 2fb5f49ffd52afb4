import { toast } from '@/lib/toast';

import { activeLocale, changeLocale, i18n, localeLabels, type Locale } from '@/lib/i18n';

/**
 * Switches the interface language, remembers it, and says so in the new language. The sidebar switch and the
 * palette dialog both go through here.
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  if (locale === activeLocale()) return;
  await changeLocale(locale);
  toast.success(i18n.t('localization.changed', { language: localeLabels[locale] }));
}
