/** A series' current values as the edit forms' starting values. */
import type { Series } from '../api/series';
import type { LocationFormValues, PricingFormValues, RequirementsFormValues } from './schemas';

export function locationFormValues(series: Pick<Series, 'location'>): LocationFormValues {
  const location = series.location;
  return {
    kind: location?.kind ?? 'none',
    link: location?.link ?? '',
    city: location?.city ?? '',
    venue: location?.venue ?? '',
  };
}

export function pricingFormValues(series: Pick<Series, 'pricing'>): PricingFormValues {
  // Spec §9: free and pln are the form's defaults.
  return {
    model: series.pricing?.model ?? 'free',
    amount: series.pricing?.amount ?? '',
    currency_code: series.pricing?.currency_code ?? 'pln',
  };
}

export function requirementsFormValues(
  series: Pick<Series, 'requirements'>,
): RequirementsFormValues {
  return {
    min_players: series.requirements?.min_players ?? 2,
    max_players: series.requirements?.max_players ?? 5,
    min_player_age: series.requirements?.min_player_age ?? 16,
  };
}
