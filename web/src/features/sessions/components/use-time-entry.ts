import { useEffect, useRef, useState } from 'react';

import { isWholeTime, pendingResetMs, shapeTyped } from '../lib/time-entry';

/**
 * The hand-typed time: what is typed is shaped as hh:mm and passed on once whole; a partial entry left alone for
 * 2 seconds goes back to the last whole time.
 */
export function useTimeEntry(value: string, onChange: (value: string) => void) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );
  const type = (raw: string) => {
    window.clearTimeout(timer.current);
    const shaped = shapeTyped(raw);
    if (isWholeTime(shaped)) {
      setDraft(undefined);
      onChange(shaped);
      return;
    }
    setDraft(shaped);
    timer.current = window.setTimeout(() => {
      setDraft(undefined);
    }, pendingResetMs);
  };
  return { shown: draft ?? value, type };
}
