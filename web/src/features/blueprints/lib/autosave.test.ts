import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '@/lib/api/errors';

import { Autosaver, type AutosaveState, type SaveResult } from './autosave';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

function setup(save: (version: number) => Promise<SaveResult>) {
  const states: AutosaveState[] = [];
  const drafts: { text: string; version: number }[] = [];
  let cleared = 0;
  const saver = new Autosaver({
    version: 1,
    lastSavedAt: null,
    save: (_content, version) => save(version),
    onState: (state) => states.push(state),
    storeDraft: (content, baseVersion) => {
      drafts.push({ text: JSON.stringify(content), version: baseVersion });
    },
    clearDraft: () => {
      cleared += 1;
    },
  });
  return { saver, states, drafts, cleared: () => cleared };
}

describe('the part autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, about a second after typing stops', async () => {
    const save = vi.fn((version: number) =>
      Promise.resolve({ version: version + 1, savedAt: '2026-11-23T10:00:00Z' }),
    );
    const { saver, states, cleared } = setup(save);
    saver.edit(doc('a'));
    await vi.advanceTimersByTimeAsync(600);
    saver.edit(doc('ab'));
    await vi.advanceTimersByTimeAsync(900);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toEqual({ status: 'saved', lastSavedAt: '2026-11-23T10:00:00Z' });
    expect(cleared()).toBe(1);
    expect(saver.currentVersion).toBe(2);
  });

  it('keeps the draft and retries while the server cannot be reached', async () => {
    let fail = true;
    const save = vi.fn((version: number) =>
      fail
        ? Promise.reject(new NetworkError(new TypeError('Failed to fetch')))
        : Promise.resolve({ version: version + 1, savedAt: '2026-11-23T10:01:00Z' }),
    );
    const { saver, states, drafts, cleared } = setup(save);
    saver.edit(doc('kept'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('error');
    expect(drafts.at(-1)?.text).toContain('kept');
    expect(cleared()).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(states.at(-1)?.status).toBe('saved');
    expect(cleared()).toBe(1);
  });

  it('waits for the user on a conflict, then saves over the other version', async () => {
    const conflict = new ApiError(409, {
      type: 'conflict',
      code: 'stale_version',
      message: 'Someone else changed this in the meantime.',
      fields: {},
    });
    const save = vi.fn((version: number) =>
      version === 1
        ? Promise.reject(conflict)
        : Promise.resolve({ version: version + 1, savedAt: '2026-11-23T10:02:00Z' }),
    );
    const { saver, states } = setup(save);
    saver.edit(doc('mine'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.status).toBe('conflict');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.overwrite(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith(5);
    expect(saver.currentVersion).toBe(6);
    expect(states.at(-1)?.status).toBe('saved');
  });
});
