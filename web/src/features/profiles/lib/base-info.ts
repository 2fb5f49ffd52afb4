import type { Locale } from '@/lib/i18n';

import type { MyProfile } from '../api/get-my-profile';
import type { UpdateProfileBody } from '../api/update-profile';
import { profileLanguages, type ProfileLanguage } from './constants';
import { noCountry, type BaseInfoInput, type BaseInfoValues } from './schemas';

export function defaultLanguage(profile: MyProfile, uiLocale: Locale): ProfileLanguage {
  const saved = profileLanguages.find((language) => language === profile.language);
  return saved ?? (uiLocale === 'pl-PL' ? 'pl' : 'en');
}

export function baseInfoDefaults(profile: MyProfile, uiLocale: Locale): BaseInfoInput {
  const country = profile.location.country?.toLowerCase();
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    display_name: profile.display_name,
    birthdate: profile.birthdate ?? '',
    bio: profile.bio,
    language: defaultLanguage(profile, uiLocale),
    phone: profile.phone?.phone ?? '',
    location: {
      address1: profile.location.address1 ?? '',
      city: profile.location.city ?? '',
      postal_code: profile.location.postal_code ?? '',
      country: country && /^[a-z]{2}$/.test(country) ? country : noCountry,
    },
  };
}

/** The `{base: …}` update: the wizard sends who you are; the full form also language and contact details. */
export function baseInfoBody(
  { language, phone, location, ...basics }: BaseInfoValues,
  mode: 'basics' | 'full',
): NonNullable<UpdateProfileBody['base']> {
  // An empty phone clears it on the server.
  return mode === 'basics' ? basics : { ...basics, language, phone, location };
}

/** A country's name in the reader's language ("Polska", "Poland"). */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code.toUpperCase();
  }
}
