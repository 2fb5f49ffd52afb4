/** Home's 'Latest': the newest published series as Questboard cards, and the way to all of them. */
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatSystemPath, useGameSystems } from '@/features/game-systems';
import { questboardPaths } from '@/lib/paths';
import {
  latestSeriesQueryOptions,
  QuestboardCardView,
  viewerTimeZone,
} from '@/features/questboard';

const latestCount = 3;

export function LatestSeries() {
  const { t } = useTranslation();
  const { data } = useQuery(latestSeriesQueryOptions(latestCount));
  const { data: systems = [] } = useGameSystems();
  const [viewerZone] = useState(viewerTimeZone);

  return (
    <section aria-labelledby="latest-series" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="latest-series" className="text-2xl font-semibold tracking-tight">
          {t('home.latest.title')}
        </h2>
        <Link
          to={questboardPaths.questboard.getHref()}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('home.latest.all')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {data?.items.length === 0 && (
        <p className="text-muted-foreground">{t('home.latest.empty')}</p>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {data.items.map((card) => (
            <li key={card.id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <QuestboardCardView
                  card={card}
                  systemName={formatSystemPath(systems, card.game_system_id) || undefined}
                  viewerZone={viewerZone}
                  headingLevel={3}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
