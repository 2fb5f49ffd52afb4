/**
 * The adventure a series plays: its blueprint's description parts, in order, each rendered from its stored
 * document by the blueprints feature's safe renderer (never as HTML). The renderer loads after the page paints: it
 * is the heaviest thing on the page and the parts sit below the fold.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LazyRichTextView } from '@/features/blueprints';

import type { SeriesDescriptionPart } from '../api/questboard';

export function AdventureParts({ parts }: { parts: SeriesDescriptionPart[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="series-adventure" className="flex flex-col gap-4">
      <h2 id="series-adventure" className="text-xl font-semibold tracking-tight">
        {t('questboard.series.adventure')}
      </h2>
      {parts.map((part, index) => (
        // Parts have no id of their own here; their order is their identity on this page.
        <article key={index} lang={part.language} className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold tracking-tight break-words">{part.title}</h3>
          <Suspense fallback={null}>
            <LazyRichTextView content={part.content} />
          </Suspense>
        </article>
      ))}
    </section>
  );
}
