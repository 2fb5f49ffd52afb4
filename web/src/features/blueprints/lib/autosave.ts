/**
 * The part editor's autosave: saves about a second after typing stops, one save at a time, and never drops a
 * change. A save that fails because the server cannot be reached (or answers 5xx) is retried with backoff while
 * the text stays in the editor and in the local draft; a conflict (another tab saved first) waits for the user
 * to choose: keep their text (save over the other version) or load the other one.
 */
import type { JSONContent } from '@tiptap/core';

import { ApiError } from '@/lib/api/errors';

export type SaveResult = { version: number; savedAt: string };

export type AutosaveStatus =
  /** Nothing to save. */
  | 'saved'
  /** Typed, waiting for the pause. */
  | 'pending'
  | 'saving'
  /** The last save failed; retrying. */
  | 'error'
  /** Someone else saved first; waiting for the user's choice. */
  | 'conflict';

export type AutosaveState = { status: AutosaveStatus; lastSavedAt: string | null };

export type AutosaveOptions = {
  save: (content: JSONContent, version: number) => Promise<SaveResult>;
  version: number;
  lastSavedAt: string | null;
  onState: (state: AutosaveState) => void;
  /** Called with every change and its base version; cleared once the server has the change. */
  storeDraft: (content: JSONContent, baseVersion: number) => void;
  clearDraft: () => void;
  delayMs?: number;
  retryMs?: readonly number[];
};

export const AUTOSAVE_DELAY_MS = 1000;
export const RETRY_MS = [2000, 4000, 8000, 15_000, 30_000] as const;

function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.detail?.code === 'stale_version';
}

export class Autosaver {
  private readonly options: Required<AutosaveOptions>;
  private version: number;
  private state: AutosaveState;
  /** The newest content not yet known to be saved, and a counter of edits. */
  private pending: JSONContent | null = null;
  private edits = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving = false;
  private failures = 0;
  private disposed = false;

  constructor(options: AutosaveOptions) {
    this.options = {
      delayMs: AUTOSAVE_DELAY_MS,
      retryMs: RETRY_MS,
      ...options,
    };
    this.version = options.version;
    this.state = { status: 'saved', lastSavedAt: options.lastSavedAt };
  }

  get currentVersion(): number {
    return this.version;
  }

  /** The user changed the text. */
  edit(content: JSONContent) {
    this.pending = content;
    this.edits += 1;
    this.options.storeDraft(content, this.version);
    if (this.state.status === 'conflict') return;
    if (this.state.status !== 'error') this.setStatus('pending');
    this.schedule(this.options.delayMs);
  }

  /** Keep this text: save it over whatever version the server has now. */
  overwrite(latestVersion: number) {
    this.version = latestVersion;
    if (this.pending) this.options.storeDraft(this.pending, latestVersion);
    this.setStatus('pending');
    this.schedule(0);
  }

  /** The server has a new version for a change that is not the text (a new title): later saves build on it. */
  adopt(version: number) {
    this.version = version;
    if (this.pending) this.options.storeDraft(this.pending, version);
  }

  /** Drop what is unsaved (the user loads the other version). */
  discard(latestVersion: number, savedAt: string) {
    this.version = latestVersion;
    this.pending = null;
    this.failures = 0;
    clearTimeout(this.timer);
    this.options.clearDraft();
    this.state = { status: 'saved', lastSavedAt: savedAt };
    this.options.onState(this.state);
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private setStatus(status: AutosaveStatus) {
    this.state = { ...this.state, status };
    this.notify();
  }

  /** A disposed saver (its editor is gone) still finishes a save under way, quietly. */
  private notify() {
    if (!this.disposed) this.options.onState(this.state);
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delay);
  }

  private async run() {
    if (this.disposed || this.saving || this.pending === null) return;
    const content = this.pending;
    const edit = this.edits;
    this.saving = true;
    this.setStatus('saving');
    try {
      const result = await this.options.save(content, this.version);
      this.version = result.version;
      this.failures = 0;
      this.state = { status: 'saved', lastSavedAt: result.savedAt };
      if (this.edits === edit) {
        this.pending = null;
        this.options.clearDraft();
        this.notify();
      } else {
        // Typed while saving: the draft moves to the new version and the newer text goes next.
        this.options.storeDraft(this.pending, this.version);
        this.setStatus('pending');
        this.schedule(this.options.delayMs);
      }
    } catch (error) {
      if (isConflict(error)) {
        this.setStatus('conflict');
      } else {
        const wait = this.options.retryMs[Math.min(this.failures, this.options.retryMs.length - 1)];
        this.failures += 1;
        this.setStatus('error');
        this.schedule(wait ?? AUTOSAVE_DELAY_MS);
      }
    } finally {
      this.saving = false;
    }
  }
}
