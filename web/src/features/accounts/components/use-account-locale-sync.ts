import { useEffect } from 'react';

import { i18n, isLocale } from '@/lib/i18n';

import { useSignedInUser } from '@/lib/auth/current-user';
import { useUpdateAccountSettings } from '../api/update-account-settings';

/**
 * The interface language is the browser's own choice and wins over the account's saved one (signing in
 * does not switch it). When a signed-in user changes the language, the account follows, so the e-mails we
 * send them are in it too.
 */
export function useAccountLocaleSync() {
  const signedIn = useSignedInUser();
  const savedLocale = signedIn?.account.locale;
  const { mutate } = useUpdateAccountSettings();

  useEffect(() => {
    if (savedLocale === undefined) return;
    function onLanguageChanged(language: string) {
      if (isLocale(language) && language !== savedLocale) mutate({ locale: language });
    }
    i18n.on('languageChanged', onLanguageChanged);
    return () => {
      i18n.off('languageChanged', onLanguageChanged);
    };
  }, [savedLocale, mutate]);
}
