/**
 * The series forms' rules, mirroring the server's (spec §5; crates/domain/src/series): titles, player
 * requirements (min ≤ max, the message on min_players), pricing (paid needs a price above 0.01 and pln or eur),
 * location, and the schedule. Field names are the server's, so its field errors land on the same fields.
 */
import { z } from 'zod';

import { validationMessage } from '@/lib/forms';

import { priceMinorUnits } from './price';
import { frequencies, weekdays } from './rrule';
import { isValidStartTime } from './time-input';

export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const PLAYERS_MIN = 1;
export const PLAYERS_MAX = 100;
export const AGE_MIN = 1;
export const AGE_MAX = 99;
/** The server's ceiling (decisions.md, "Price ceiling"), in major units. */
export const PRICE_MAX = 10_000;
export const DURATION_MIN = 1;
export const DURATION_MAX = 1440;
export const DEFAULT_DURATION = 60;
export const LINK_MAX = 500;
export const PLACE_MAX = 100;

export const languages = ['en', 'fr', 'nl', 'pl'] as const;
export const currencies = ['pln', 'eur'] as const;
export const pricingModels = ['free', 'paid'] as const;
export const lifecycleStatuses = [
  'draft',
  'published',
  'active',
  'completed',
  'cancelled',
] as const;
export const recruitmentStatuses = ['open', 'closed'] as const;
export const locationKinds = ['none', 'online', 'in_person'] as const;

export const titleSchema = z
  .string()
  .trim()
  .min(1, validationMessage('titleRequired'))
  .min(TITLE_MIN, validationMessage('titleTooShort'))
  .max(TITLE_MAX, validationMessage('titleTooLong'));

const players = (key: 'seriesMinPlayersRange' | 'seriesMaxPlayersRange') =>
  z
    .number({ message: validationMessage(key) })
    .int(validationMessage(key))
    .min(PLAYERS_MIN, validationMessage(key))
    .max(PLAYERS_MAX, validationMessage(key));

export const requirementsShape = {
  min_players: players('seriesMinPlayersRange'),
  max_players: players('seriesMaxPlayersRange'),
  min_player_age: z
    .number({ message: validationMessage('seriesMinAgePositive') })
    .int(validationMessage('seriesMinAgePositive'))
    .min(AGE_MIN, validationMessage('seriesMinAgePositive'))
    .max(AGE_MAX, validationMessage('seriesMinAgeTooHigh')),
};

type RequirementsValues = { min_players: number; max_players: number };

/** min ≤ max, told on min_players, judged only when both are in range (as the server does). */
function minNotAboveMax(values: RequirementsValues, context: z.RefinementCtx) {
  const inRange = (n: number) => Number.isInteger(n) && n >= PLAYERS_MIN && n <= PLAYERS_MAX;
  if (inRange(values.min_players) && inRange(values.max_players)) {
    if (values.min_players > values.max_players) {
      context.addIssue({
        code: 'custom',
        path: ['min_players'],
        message: validationMessage('seriesMinAboveMax'),
      });
    }
  }
}

export const requirementsSchema = z.object(requirementsShape).superRefine(minNotAboveMax);
export type RequirementsFormValues = z.input<typeof requirementsSchema>;

export const pricingShape = z
  .object({
    model: z.enum(pricingModels, { message: validationMessage('seriesPricingModelRequired') }),
    amount: z.string(),
    currency_code: z.string(),
  })
  .superRefine((pricing, context) => {
    if (pricing.model !== 'paid') return;
    const issue = (
      path: 'amount' | 'currency_code',
      key: Parameters<typeof validationMessage>[0],
    ) => {
      context.addIssue({ code: 'custom', path: [path], message: validationMessage(key) });
    };
    const amount = pricing.amount.trim();
    if (amount === '') {
      issue('amount', 'seriesPriceRequired');
    } else if (!/^\d*([.,]\d*)?$/.test(amount) || amount === '.' || amount === ',') {
      issue('amount', 'seriesPriceNotANumber');
    } else {
      const minor = priceMinorUnits(amount);
      if (minor === undefined) issue('amount', 'seriesPriceTooPrecise');
      else if (minor <= 1) issue('amount', 'seriesPriceTooLow');
      else if (minor > PRICE_MAX * 100) issue('amount', 'seriesPriceTooHigh');
    }
    if (pricing.currency_code === '') issue('currency_code', 'seriesCurrencyRequired');
    else if (!(currencies as readonly string[]).includes(pricing.currency_code)) {
      issue('currency_code', 'seriesCurrencyInvalid');
    }
  });
export type PricingFormValues = z.input<typeof pricingShape>;
export const pricingFormSchema = z.object({ pricing: pricingShape });

export const locationShape = z
  .object({
    kind: z.enum(locationKinds),
    link: z.string(),
    city: z.string(),
    venue: z.string(),
  })
  .superRefine((location, context) => {
    const issue = (
      path: 'link' | 'city' | 'venue',
      key: Parameters<typeof validationMessage>[0],
    ) => {
      context.addIssue({ code: 'custom', path: [path], message: validationMessage(key) });
    };
    if (location.kind === 'online') {
      const link = location.link.trim();
      if (link.length > LINK_MAX) issue('link', 'seriesLinkTooLong');
      else if (!/^https?:\/\/\S+$/i.test(link) || link.length <= 8) {
        issue('link', 'seriesLinkInvalid');
      }
    }
    if (location.kind === 'in_person') {
      for (const field of ['city', 'venue'] as const) {
        const value = location[field].trim();
        if (value === '')
          issue(field, field === 'city' ? 'seriesCityRequired' : 'seriesVenueRequired');
        else if (value.length > PLACE_MAX) issue(field, 'seriesPlaceTooLong');
      }
    }
  });
export type LocationFormValues = z.input<typeof locationShape>;

export const basicInfoSchema = z.object({
  title: titleSchema,
  short_description: z.string(),
  language: z.enum(languages),
  location: locationShape,
});
export type BasicInfoFormValues = z.input<typeof basicInfoSchema>;

export const wizardSchema = z
  .object({
    blueprint_id: z.string().min(1, validationMessage('seriesBlueprintRequired')),
    title: titleSchema,
    short_description: z.string(),
    language: z.enum(languages),
    location: locationShape,
    ...requirementsShape,
    pricing: pricingShape,
  })
  .superRefine(minNotAboveMax);
export type WizardFormValues = z.input<typeof wizardSchema>;

export const statusSchema = z.object({
  lifecycle_status: z.enum(lifecycleStatuses),
  recruitment_status: z.enum(recruitmentStatuses),
});
export type StatusFormValues = z.input<typeof statusSchema>;

/** Recruitment can be open only while published or active (spec §4). */
export function recruitmentAllowed(lifecycle: string): boolean {
  return lifecycle === 'published' || lifecycle === 'active';
}

export const scheduleSchema = z.object({
  start_time: z.string().refine(isValidStartTime, validationMessage('seriesStartTimeInvalid')),
  session_duration_minutes: z
    .number({ message: validationMessage('seriesDurationInvalid') })
    .int(validationMessage('seriesDurationInvalid'))
    .min(DURATION_MIN, validationMessage('seriesDurationInvalid'))
    .max(DURATION_MAX, validationMessage('seriesDurationInvalid')),
  is_recurring: z.boolean(),
  frequency: z.enum(frequencies).or(z.literal('')),
  interval: z.number(),
  weekdays: z.array(z.enum(weekdays)),
  time_zone: z.string().min(1, validationMessage('timeZoneInvalid')),
  first_date: z
    .string()
    .min(1, validationMessage('seriesFirstDateRequired'))
    .regex(/^\d{4}-\d{2}-\d{2}$/, validationMessage('seriesFirstDateInvalid')),
});
export type ScheduleFormValues = z.input<typeof scheduleSchema>;

/** The payload of `updateSeries` / `createSeries` for a location, or null for "decide later". */
export function locationPayload(location: LocationFormValues) {
  switch (location.kind) {
    case 'online':
      return { kind: 'online' as const, link: location.link.trim() };
    case 'in_person':
      return {
        kind: 'in_person' as const,
        city: location.city.trim(),
        venue: location.venue.trim(),
      };
    default:
      return undefined;
  }
}

/** The pricing payload: the amount as the string typed (already normalised on blur). */
export function pricingPayload(pricing: PricingFormValues) {
  return pricing.model === 'paid'
    ? {
        model: 'paid',
        amount: pricing.amount.trim().replace(',', '.'),
        currency_code: pricing.currency_code,
      }
    : { model: 'free' };
}
