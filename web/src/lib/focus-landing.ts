/**
 * Where focus lands when the control that had it is replaced by what it did: Apply Now by the new application's
 * status, Cancel by Reopen. The browser would leave focus on the page's body, and a keyboard or screen-reader user
 * would start again from the top. A landing is an element (focusable by script: tabIndex -1) marked with
 * `data-focus-landing`; a dialog whose opener is gone when it closes (or that opened while focus was nowhere) sends
 * focus to one too (see `DialogContent`).
 */
import { useEffect, useRef } from 'react';

export const focusLandingAttribute = 'data-focus-landing';

/** True while focus is nowhere in particular (on the body): it was on something that has left the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * A landing that takes focus when `key` (a status) changes while focus is lost. Put the returned ref, `tabIndex={-1}`
 * and `{...focusLandingProps}` on the element.
 */
export function useFocusLanding<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const last = useRef(key);
  useEffect(() => {
    if (Object.is(last.current, key)) return;
    last.current = key;
    if (focusLost()) ref.current?.focus();
  }, [key]);
  return ref;
}

export const focusLandingProps = { [focusLandingAttribute]: '' } as const;

/**
 * Focus for a dialog that closes after its opener left the page: the landing of the selected item (`aria-current`),
 * else the page's first landing, else the page's main region.
 */
export function focusLanding(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>(`[aria-current="true"] [${focusLandingAttribute}]`) ??
    document.querySelector<HTMLElement>(`[${focusLandingAttribute}]`) ??
    document.getElementById('content')
  );
}
