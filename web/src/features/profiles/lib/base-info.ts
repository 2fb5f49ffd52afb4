import type { Locale } from '@/lib/i18n';

import type { MyProfile } from '../api/get-my-profile';
import type { UpdateProfileBody } from '../api/update-profile';
import { profileLanguages, type ProfileLanguage } from './constants';
import { noCountry, type BaseInfoValues } from './schemas';

export function defaultLanguage(profile: MyProfile, uiLocale: Locale): ProfileLanguage {
  const saved = profileLanguages.find((language) => language === profile.language);
  return saved ?? (uiLocale === 'pl-PL' ? 'pl' : 'en');
}

export function baseInfoDefaults(profile: MyProfile, uiLocale: Locale): BaseInfoValues {
  const country = profile.location.country?.toLowerCase();
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    display_name: profile.display_name,
    birthdate: profile.birthdate ?? '',
    bio: profile.bio,
    language: defaultLanguage(profile, uiLocale),
    phone: profile.phone?.phone ?? '',
    address1: profile.location.address1 ?? '',
    city: profile.location.city ?? '',
    postal_code: profile.location.postal_code ?? '',
    country: country && /^[a-z]{2}$/.test(country) ? country : noCountry,
  };
}

/** The `{base: …}` update: the wizard sends who you are; the full form also language and contact details. */
export function baseInfoBody(
  values: BaseInfoValues,
  mode: 'basics' | 'full',
): NonNullable<UpdateProfileBody['base']> {
  const basics = {
    first_name: values.first_name,
    last_name: values.last_name,
    display_name: values.display_name,
    birthdate: values.birthdate,
    bio: values.bio,
  };
  if (mode === 'basics') return basics;
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    ...basics,
    language: values.language,
    // An empty phone clears it on the server.
    phone: { phone: values.phone },
    location: {
      address1: orNull(values.address1),
      city: orNull(values.city),
      postal_code: orNull(values.postal_code),
      country: values.country === noCountry ? null : values.country,
    },
  };
}

/** A country's name in the reader's language ("Polska", "Poland"). */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code.toUpperCase();
  }
}
