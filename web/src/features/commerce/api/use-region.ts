import { useEffect, useSyncExternalStore } from 'react';
import type { i18n as I18n } from 'i18next';
import { toast } from '@/lib/toast';

import { i18n } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage-keys';
import enGB from '@/locales/en-GB.json';

import { readStoredRegionId, resolveRegion, writeStoredRegionId } from '../lib/region-storage';
import { useRegions, type Region } from './list-regions';

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.regionId) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function setStoredRegionId(id: string | null) {
  writeStoredRegionId(storage(), id);
  for (const listener of listeners) listener();
}

/** The shopping region in use and the regions to choose from. */
export function useRegion() {
  const { data, isPending } = useRegions();
  const regions = data?.regions ?? [];
  const savedId = useSyncExternalStore(
    subscribe,
    () => readStoredRegionId(storage()),
    () => null,
  );
  const { region, savedIdIsStale } = resolveRegion(regions, savedId);

  useEffect(() => {
    if (!savedIdIsStale) return;
    // Logged only (spec §8): the first region is used instead.
    console.warn(`Saved region ${savedId ?? ''} no longer exists; using the first region.`);
    setStoredRegionId(null);
  }, [savedIdIsStale, savedId]);

  return { region, regions, isPending };
}

/** Chooses the region, remembers it, and says so. */
export function selectRegion(region: Region) {
  setStoredRegionId(region.id);
  toast.success(i18n.t('commerce.region.changed', { region: regionLabel(region) }));
}

type KnownRegion = keyof typeof enGB.commerce.region.names;

function isKnownRegion(key: string): key is KnownRegion {
  return Object.hasOwn(enGB.commerce.region.names, key);
}

/**
 * The region's name in the active language. The server names its regions in English (`Poland`); the
 * locale files translate the ones it ships with, and a region added later shows its server name until
 * they do.
 */
export function regionName(region: Region, instance: I18n = i18n): string {
  const key = region.name.trim().toLowerCase();
  return isKnownRegion(key) ? instance.t(`commerce.region.names.${key}`) : region.name;
}

/** "Polska (PLN)": a region as the switches show it, in the active language. */
export function regionLabel(region: Region, instance: I18n = i18n): string {
  return `${regionName(region, instance)} (${region.currency_code.toUpperCase()})`;
}
