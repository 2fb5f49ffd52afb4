import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiError, type FieldErrors } from '@/lib/api/errors';
import { handleFormError } from '@/lib/forms';

/**
 * The server keys field messages by part (`base.first_name`, `base.location.city`, `gm.playstyles`); a form
 * edits one part and names its fields as that part's wire shape (`first_name`, `location.city`, `playstyles`).
 */
export function withoutPartPrefix(error: unknown, part: 'base' | 'player' | 'gm'): unknown {
  if (!(error instanceof ApiError) || error.detail?.fields === undefined) return error;
  const fields: FieldErrors = {};
  for (const [key, errors] of Object.entries(error.detail.fields)) {
    const local = key.startsWith(`${part}.`) ? key.slice(part.length + 1) : key;
    fields[local] = [...(fields[local] ?? []), ...errors];
  }
  return new ApiError(error.status, { ...error.detail, fields }, error.retryAfterSeconds);
}

/** A failed profile update on a form of `part`: field messages on the fields, anything else a toast. */
export function handleProfileFormError<T extends FieldValues>(
  error: unknown,
  part: 'base' | 'player' | 'gm',
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  return handleFormError(withoutPartPrefix(error, part), setError, fields);
}
