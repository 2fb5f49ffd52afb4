/**
 * The conversation's history from its pages: the server answers newest first, a page at a time, and the view
 * shows the oldest at the top and the newest at the bottom. A message that arrived while an older page loaded
 * can be on two pages; it is shown once.
 */
import type { HistoryEntry } from './types';

export function orderHistory(pages: readonly (readonly HistoryEntry[])[]): HistoryEntry[] {
  const seen = new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const page of pages) {
    for (const entry of page) {
      const key = `${entry.kind}:${entry.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push(entry);
    }
  }
  return entries.reverse();
}

/** The newest message from the other person, which a read marker covers once it has been seen. */
export function newestFromOther(entries: readonly HistoryEntry[]): HistoryEntry | undefined {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.kind === 'message' && !entry.fromMe) return entry;
  }
  return undefined;
}
