/**
 * The server's profile rules (crates/domain/src/profiles.rs) mirrored for instant feedback, with the spec's
 * messages. The server stays the judge; its field messages come back onto the same fields.
 */
import { z } from 'zod';

import { validationMessage } from '@/lib/forms';

import {
  BIO_MAX_LENGTH,
  BIRTH_YEAR_MIN,
  experienceLevels,
  NAME_MAX_LENGTH,
  profileLanguages,
  YEARS_MAX,
  YEARS_MIN,
} from './constants';

/** Length in characters (code points), as the server counts. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** Today as `YYYY-MM-DD` in the user's own calendar. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function name(required: Parameters<typeof validationMessage>[0], tooLong: typeof required) {
  return z
    .string()
    .trim()
    .min(1, validationMessage(required))
    .refine((value) => characterCount(value) <= NAME_MAX_LENGTH, validationMessage(tooLong));
}

/** A birthdate: required, a real `YYYY-MM-DD` date, in the past and not before 1900. */
export function birthdateSchema(today: () => string = () => todayIso()) {
  return z
    .string()
    .min(1, validationMessage('birthdateRequired'))
    .refine(
      (value) =>
        value === '' ||
        (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
          !Number.isNaN(Date.parse(value)) &&
          Number(value.slice(0, 4)) >= BIRTH_YEAR_MIN),
      validationMessage('birthdateInvalid'),
    )
    .refine((value) => value < today(), validationMessage('birthdatePast'));
}

export const bioSchema = z
  .string()
  .refine((value) => characterCount(value) <= BIO_MAX_LENGTH, validationMessage('bioTooLong'));

/** The wizard's first step: who you are. */
export function basicsSchema(today?: () => string) {
  return z.object({
    first_name: name('firstNameRequired', 'firstNameTooLong'),
    last_name: name('lastNameRequired', 'lastNameTooLong'),
    display_name: name('displayNameRequired', 'displayNameTooLong'),
    birthdate: birthdateSchema(today),
    bio: bioSchema,
  });
}
export type BasicsValues = z.infer<ReturnType<typeof basicsSchema>>;

const optionalText = z.string().trim();

/** Empty optional text is "not set" on the wire. */
const orNull = (value: string) => (value === '' ? null : value);

/**
 * The whole basic info: the wizard's fields plus language, phone and address. Empty optional fields are fine.
 * The form's fields are named as the `base` part of the update (`location.city`), so the server's field
 * messages (`base.location.city`) land on them; the parsed values are that part, ready to send.
 */
export function baseInfoSchema(today?: () => string) {
  return basicsSchema(today).extend({
    language: z.enum(profileLanguages, { message: validationMessage('languageInvalid') }),
    // The server judges the number as `base.phone`, so the form keeps it a plain field; the wire nests it.
    phone: optionalText
      .refine((value) => value === '' || isPlausiblePhone(value), validationMessage('phoneInvalid'))
      .transform((phone) => ({ phone })),
    location: z.object({
      address1: optionalText.transform(orNull),
      city: optionalText.transform(orNull),
      postal_code: optionalText.transform(orNull),
      country: z
        .string()
        .refine((value) => /^[a-z]{2}$/.test(value) || value === noCountry, {
          message: validationMessage('countryInvalid'),
        })
        .transform((value) => (value === noCountry ? null : value)),
    }),
  });
}
export type BaseInfoInput = z.input<ReturnType<typeof baseInfoSchema>>;
export type BaseInfoValues = z.output<ReturnType<typeof baseInfoSchema>>;

/** The select's "not set" option (a select option never has an empty value). */
export const noCountry = 'none';

/** Digits with an optional leading `+`, spaces, dashes, dots and brackets; 5 to 20 digits. */
export function isPlausiblePhone(input: string): boolean {
  const phone = input.trim();
  const digits = phone.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(phone) && digits >= 5 && digits <= 20;
}

/** Years as typed: anything that is not a number becomes 0 (spec §5); then 0 to 100. */
export function parseYears(input: unknown): number {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  return Number.isFinite(value) && String(input).trim() !== '' ? Math.trunc(value) : 0;
}

export const experienceSchema = z.object({
  claimed_years_experience: z
    .unknown()
    .transform(parseYears)
    .pipe(
      z
        .number()
        .min(YEARS_MIN, validationMessage('yearsRange'))
        .max(YEARS_MAX, validationMessage('yearsRange')),
    ),
  experience_level: z.enum(experienceLevels, {
    message: validationMessage('experienceLevelRequired'),
  }),
});
export type ExperienceInput = z.input<typeof experienceSchema>;
export type ExperienceValues = z.output<typeof experienceSchema>;

export const playstylesSchema = z.object({
  playstyles: z.array(z.string()).min(1, validationMessage('playstylesRequired')),
});
export type PlaystylesValues = z.infer<typeof playstylesSchema>;
