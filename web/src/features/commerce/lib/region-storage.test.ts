import { describe, expect, it } from 'vitest';

import { readStoredRegionId, resolveRegion, writeStoredRegionId } from './region-storage';

const poland = { id: 'reg_pl', name: 'Poland', currency_code: 'pln' };
const europe = { id: 'reg_eu', name: 'Europe', currency_code: 'eur' };

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

describe('region fallback', () => {
  it('uses the saved region when it still exists', () => {
    expect(resolveRegion([poland, europe], 'reg_eu')).toEqual({
      region: europe,
      savedIdIsStale: false,
    });
  });

  it('uses the first region when nothing is saved', () => {
    expect(resolveRegion([poland, europe], null)).toEqual({
      region: poland,
      savedIdIsStale: false,
    });
  });

  it('clears a saved id that no longer exists and falls back to the first region', () => {
    expect(resolveRegion([poland, europe], 'reg_gone')).toEqual({
      region: poland,
      savedIdIsStale: true,
    });
  });

  it('keeps the saved id while the regions are not known yet', () => {
    expect(resolveRegion([], 'reg_eu')).toEqual({ region: undefined, savedIdIsStale: false });
  });

  it('reads and writes region_id in storage', () => {
    const storage = memoryStorage();
    expect(readStoredRegionId(storage)).toBeNull();
    writeStoredRegionId(storage, 'reg_eu');
    expect(storage.values.get('region_id')).toBe('reg_eu');
    expect(readStoredRegionId(storage)).toBe('reg_eu');
    writeStoredRegionId(storage, null);
    expect(storage.values.has('region_id')).toBe(false);
    expect(readStoredRegionId(memoryStorage({ region_id: ' ' }))).toBeNull();
    expect(
      readStoredRegionId({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBeNull();
  });
});
