/**
 * The chosen shopping region (spec §4 "Region"): its id is kept in localStorage under `region_id`. A saved
 * id that no longer names a region is cleared and the first region is used.
 */
import { storageKeys } from '@/lib/storage-keys';

type RegionLike = { id: string };

export type ResolvedRegion<R extends RegionLike> = {
  /** The region in use: the saved one, else the first; undefined while there are none. */
  region: R | undefined;
  /** A saved id that matches no region: clear it. */
  savedIdIsStale: boolean;
};

export function resolveRegion<R extends RegionLike>(
  regions: readonly R[],
  savedId: string | null,
): ResolvedRegion<R> {
  const saved = savedId === null ? undefined : regions.find((region) => region.id === savedId);
  return {
    region: saved ?? regions[0],
    savedIdIsStale: savedId !== null && saved === undefined && regions.length > 0,
  };
}

export function readStoredRegionId(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    const value = storage?.getItem(storageKeys.regionId) ?? null;
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function writeStoredRegionId(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  id: string | null,
): void {
  try {
    if (id === null) storage?.removeItem(storageKeys.regionId);
    else storage?.setItem(storageKeys.regionId, id);
  } catch {
    // Not saving is acceptable: the choice applies until the page is reloaded.
  }
}
