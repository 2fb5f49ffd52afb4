/** The profile rules' constants (spec §3, §5, §9), the same as crates/domain/src/profiles.rs. */
export const BIO_MAX_LENGTH = 250;
export const NAME_MAX_LENGTH = 50;
export const YEARS_MIN = 0;
export const YEARS_MAX = 100;
export const BIRTH_YEAR_MIN = 1900;

export const experienceLevels = ['beginner', 'intermediate', 'advanced', 'veteran'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];
export const defaultExperienceLevel: ExperienceLevel = 'beginner';

export const knownPlaystyles = [
  'casual',
  'narrative',
  'tactical',
  'sandbox',
  'story_driven',
  'role_playing_focused',
] as const;
export type KnownPlaystyle = (typeof knownPlaystyles)[number];

export const profileLanguages = ['en', 'fr', 'nl', 'pl'] as const;
export type ProfileLanguage = (typeof profileLanguages)[number];

/** Countries offered for the address; the server takes any two-letter code. */
export const profileCountries = [
  'pl',
  'be',
  'nl',
  'de',
  'fr',
  'gb',
  'ie',
  'es',
  'it',
  'cz',
  'sk',
  'lt',
  'at',
] as const;

/** The experience parts of a profile: the player's, and the game master's. */
export type ExperiencePart = 'player' | 'gm';

export function isExperienceLevel(value: unknown): value is ExperienceLevel {
  return experienceLevels.some((level) => level === value);
}

export function isKnownPlaystyle(value: string): value is KnownPlaystyle {
  return knownPlaystyles.some((style) => style === value);
}
