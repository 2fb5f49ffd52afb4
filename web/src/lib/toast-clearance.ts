/**
 * What toasts keep clear of at the bottom of the window. Toasts sit bottom right (the spec's place), which is where
 * the chat's composer has its Send button while the chat panel is open: the composer reports its height here and
 * the toaster lifts its toasts above it. Several reporters may be on screen; the highest one counts.
 */
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

const reporters = new Set<HTMLElement>();
const listeners = new Set<() => void>();
let clearance = 0;

/** Pixels between the window's bottom edge and the top of the highest reporter on screen (0 with none). */
function measure(): number {
  let highest = 0;
  for (const element of reporters) {
    const box = element.getBoundingClientRect();
    // Not on screen: empty, or in a sidebar folded away past the window's right edge.
    if (box.width === 0 || box.height === 0 || box.left >= window.innerWidth - 1) continue;
    highest = Math.max(highest, Math.ceil(window.innerHeight - box.top));
  }
  return highest;
}

function update() {
  const next = measure();
  if (next === clearance) return;
  clearance = next;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** The bottom clearance the toaster keeps, in pixels. */
export function useToastClearance(): number {
  return useSyncExternalStore(
    subscribe,
    () => clearance,
    () => 0,
  );
}

/**
 * Keeps toasts above `ref`'s element while it is mounted and on screen (measured again when it, its sidebar or the
 * window resizes).
 */
export function useKeepClearOfToasts(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    reporters.add(element);
    const resized = new ResizeObserver(update);
    resized.observe(element);
    // A sidebar folding away leaves its content's size alone: its own width says when it moved.
    const sidebar = element.closest('aside');
    if (sidebar !== null) resized.observe(sidebar);
    window.addEventListener('resize', update);
    update();
    return () => {
      reporters.delete(element);
      resized.disconnect();
      window.removeEventListener('resize', update);
      update();
    };
  }, [ref]);
}
