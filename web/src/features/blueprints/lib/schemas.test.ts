import { describe, expect, it } from 'vitest';

import { addPartsSchema, blueprintSchema, titleSchema } from './schemas';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('blueprint rules', () => {
  it('gives the three title messages of the spec', () => {
    expect(messageOf(titleSchema.safeParse('  '))).toBe('validation.titleRequired');
    expect(messageOf(titleSchema.safeParse('ab'))).toBe('validation.titleTooShort');
    expect(messageOf(titleSchema.safeParse('x'.repeat(101)))).toBe('validation.titleTooLong');
    expect(titleSchema.safeParse('x'.repeat(100)).success).toBe(true);
  });

  it('needs a game system and at least one part to add', () => {
    const result = blueprintSchema.safeParse({
      title: 'The Keep',
      language: 'en',
      activity_type: 'campaign',
      game_system_id: null,
    });
    expect(messageOf(result)).toBe('validation.gameSystemRequired');
    expect(messageOf(addPartsSchema.safeParse({ part_ids: [] }))).toBe('validation.partsRequired');
  });
});
