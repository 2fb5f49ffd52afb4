/** The blueprint and part forms' rules, mirroring the server's (spec §5 "Titles"). */
import { z } from 'zod';

import { validationMessage } from '@/lib/forms';

export const TITLE_MIN = 3;
export const TITLE_MAX = 100;

export const titleSchema = z
  .string()
  .trim()
  .min(1, validationMessage('titleRequired'))
  .min(TITLE_MIN, validationMessage('titleTooShort'))
  .max(TITLE_MAX, validationMessage('titleTooLong'));

export const languages = ['en', 'fr', 'nl', 'pl'] as const;
export const activityTypes = ['one_shot', 'campaign'] as const;

export const blueprintSchema = z.object({
  title: titleSchema,
  language: z.enum(languages),
  activity_type: z.enum(activityTypes),
  game_system_id: z
    .string()
    .nullable()
    .refine((id) => id !== null && id !== '', {
      message: validationMessage('gameSystemRequired'),
    }),
});

export type BlueprintInput = z.input<typeof blueprintSchema>;
export type BlueprintValues = z.output<typeof blueprintSchema>;

export const partSchema = z.object({ title: titleSchema, language: z.enum(languages) });
export type PartValues = z.output<typeof partSchema>;

export const addPartsSchema = z.object({
  part_ids: z.array(z.string()).min(1, validationMessage('partsRequired')),
});
export type AddPartsValues = z.output<typeof addPartsSchema>;
