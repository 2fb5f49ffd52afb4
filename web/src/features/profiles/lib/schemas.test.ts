import { describe, expect, it } from 'vitest';

import {
  basicsSchema,
  characterCount,
  experienceSchema,
  isPlausiblePhone,
  parseYears,
  playstylesSchema,
  todayIso,
} from './schemas';

const today = () => '2026-11-22';
const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Ada',
  birthdate: '1990-05-01',
  bio: '',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('basic info', () => {
  it('accepts a complete basic profile', () => {
    expect(basicsSchema(today).safeParse(valid).success).toBe(true);
  });

  it('requires the names and the birthdate, with the spec messages', () => {
    const result = basicsSchema(today).safeParse({
      first_name: ' ',
      last_name: '',
      display_name: '',
      birthdate: '',
      bio: '',
    });
    expect(messages(result)).toEqual({
      first_name: 'validation.firstNameRequired',
      last_name: 'validation.lastNameRequired',
      display_name: 'validation.displayNameRequired',
      birthdate: 'validation.birthdateRequired',
    });
  });

  it('wants the birthdate in the past', () => {
    expect(messages(basicsSchema(today).safeParse({ ...valid, birthdate: '2026-11-22' }))).toEqual({
      birthdate: 'validation.birthdatePast',
    });
    expect(basicsSchema(today).safeParse({ ...valid, birthdate: '2026-11-21' }).success).toBe(true);
    expect(messages(basicsSchema(today).safeParse({ ...valid, birthdate: '1899-12-31' }))).toEqual({
      birthdate: 'validation.birthdateInvalid',
    });
  });

  it('allows a bio of up to 250 characters, counted as the user sees them', () => {
    expect(basicsSchema(today).safeParse({ ...valid, bio: 'b'.repeat(250) }).success).toBe(true);
    expect(messages(basicsSchema(today).safeParse({ ...valid, bio: 'b'.repeat(251) }))).toEqual({
      bio: 'validation.bioTooLong',
    });
    expect(characterCount('🐉'.repeat(250))).toBe(250);
    expect(basicsSchema(today).safeParse({ ...valid, bio: '🐉'.repeat(250) }).success).toBe(true);
  });

  it('writes today in the local calendar', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('checks phone numbers loosely, like the server', () => {
    expect(isPlausiblePhone('+48 600 100 200')).toBe(true);
    expect(isPlausiblePhone('(022) 123-45-67')).toBe(true);
    expect(isPlausiblePhone('1234')).toBe(false);
    expect(isPlausiblePhone('call me')).toBe(false);
  });
});

describe('experience', () => {
  it('turns anything that is not a number into 0', () => {
    expect(parseYears('')).toBe(0);
    expect(parseYears('abc')).toBe(0);
    expect(parseYears('12')).toBe(12);
    expect(parseYears(' 7 ')).toBe(7);
    expect(parseYears('3.9')).toBe(3);
    expect(
      experienceSchema.parse({ claimed_years_experience: 'x', experience_level: 'veteran' }),
    ).toEqual({ claimed_years_experience: 0, experience_level: 'veteran' });
  });

  it('keeps years between 0 and 100', () => {
    expect(
      experienceSchema.safeParse({ claimed_years_experience: '100', experience_level: 'beginner' })
        .success,
    ).toBe(true);
    expect(
      messages(
        experienceSchema.safeParse({
          claimed_years_experience: '101',
          experience_level: 'beginner',
        }),
      ),
    ).toEqual({
      claimed_years_experience: 'validation.yearsRange',
    });
    expect(
      messages(
        experienceSchema.safeParse({
          claimed_years_experience: '-1',
          experience_level: 'beginner',
        }),
      ),
    ).toEqual({
      claimed_years_experience: 'validation.yearsRange',
    });
  });

  it('needs one of the four levels', () => {
    for (const level of ['beginner', 'intermediate', 'advanced', 'veteran']) {
      expect(
        experienceSchema.safeParse({ claimed_years_experience: '1', experience_level: level })
          .success,
      ).toBe(true);
    }
    expect(
      messages(experienceSchema.safeParse({ claimed_years_experience: '1', experience_level: '' })),
    ).toEqual({
      experience_level: 'validation.experienceLevelRequired',
    });
  });
});

describe('playstyles', () => {
  it('needs at least one', () => {
    expect(messages(playstylesSchema.safeParse({ playstyles: [] }))).toEqual({
      playstyles: 'validation.playstylesRequired',
    });
    expect(playstylesSchema.safeParse({ playstyles: ['casual'] }).success).toBe(true);
  });
});
