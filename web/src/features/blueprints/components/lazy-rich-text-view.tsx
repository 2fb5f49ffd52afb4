/**
 * The reader's view of a part for other features' pages, loaded on first use: Tiptap's renderer stays out of the
 * chunks of pages that only import this feature's front door. Render it inside a `Suspense`.
 */
import { lazy } from 'react';

export const LazyRichTextView = lazy(() =>
  import('./rich-text-view').then((module) => ({ default: module.RichTextView })),
);
