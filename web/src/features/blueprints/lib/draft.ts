/**
 * The local draft of a part being edited: every change is kept in localStorage until the server has it, so a
 * reload, a crash or a server that cannot be reached loses nothing typed.
 */
import type { JSONContent } from '@tiptap/core';

import { storageKeys } from '@/lib/storage-keys';

export type PartDraft = {
  content: JSONContent;
  /** The part's version the draft was typed on; another version means someone saved meanwhile. */
  baseVersion: number;
  updatedAt: string;
};

function key(partId: string): string {
  return `${storageKeys.partDraftPrefix}${partId}`;
}

function isDraft(value: unknown): value is PartDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.content === 'object' &&
    draft.content !== null &&
    typeof draft.baseVersion === 'number' &&
    typeof draft.updatedAt === 'string'
  );
}

export function readDraft(partId: string, storage: Storage = localStorage): PartDraft | undefined {
  try {
    const raw = storage.getItem(key(partId));
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(partId: string, draft: PartDraft, storage: Storage = localStorage) {
  try {
    storage.setItem(key(partId), JSON.stringify(draft));
  } catch {
    // A full or blocked storage must not stop the editor; the autosave still runs.
  }
}

export function clearDraft(partId: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(key(partId));
  } catch {
    // Nothing to clear.
  }
}
