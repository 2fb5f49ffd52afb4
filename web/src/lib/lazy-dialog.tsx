/**
 * A dialog whose code loads when it is first opened, so the palette's registry and the shell's menus cost the
 * first page nothing (forms, zod and the dialog primitives stay out of the main bundle; issue 11's budget,
 * `npm run check:bundle`). The Suspense boundary is the dialog's own: loading it never blanks the page behind.
 * Render it only once it is to be shown (its code is fetched at its first render).
 */
import { lazy, Suspense, type ComponentType } from 'react';

import { withWorkspaceStrings } from '@/lib/i18n';

export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  // A dialog may show the workspace's strings (a series' or blueprint's): they come with its code.
  const Lazy = lazy(withWorkspaceStrings(load));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
