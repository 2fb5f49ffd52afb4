import { lazy, Suspense } from 'react';

// The connection and its status dot load after the first paint: a page shows without them, and they are a few KiB
// of every public page's first load otherwise (issue 11's budget). Both come from one chunk.
const Connection = lazy(() =>
  import('./realtime-parts').then((parts) => ({ default: parts.Connection })),
);
const Status = lazy(() =>
  import('./realtime-parts').then((parts) => ({ default: parts.RealtimeStatus })),
);

/** Keeps the tab's connection open while signed in (the shell renders it once). */
export function LiveUpdates({ signedIn }: { signedIn: boolean }) {
  return (
    <Suspense fallback={null}>
      <Connection signedIn={signedIn} />
    </Suspense>
  );
}

/** A small dot in the header: live updates on, connecting, failing or off. Holds its place while it loads. */
export function RealtimeStatus() {
  return (
    <Suspense fallback={<span aria-hidden className="ml-auto inline-flex size-8" />}>
      <Status />
    </Suspense>
  );
}
