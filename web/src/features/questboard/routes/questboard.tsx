/**
 * `/questboard`: published and active series, newest first, in pages of 20, with filters that live in the URL.
 * Public, also signed out. On a phone the filters fold away behind a "Filters" button and the cards stack.
 */
import type { QueryClient } from '@tanstack/react-query';
// ScrollText is the sidebar's Questboard icon, already loaded with the shell.
import { ScrollText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  useLocation,
  useNavigation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useRegion } from '@/features/commerce';
import {
  formatSystemPath,
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
} from '@/features/game-systems';
import { activeLocale, i18n, useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { questboardQueryOptions, useQuestboard } from '../api/questboard';
import { QuestboardCardView } from '../components/questboard-card';
import { QuestboardPagination } from '../components/questboard-pagination';
import {
  activeFilterCount,
  currencies,
  pageSize,
  parseFilters,
  questboardHref,
  serializeFilters,
  type Currency,
  type QuestboardFilters,
} from '../lib/filters';
import { viewerTimeZone } from '../lib/format';

// The filters load right after the first paint (the cards come first): keeps /questboard within its JavaScript
// budget (scripts/check-bundle-budget.mjs).
const FilterPanel = lazy(() =>
  import('../components/filter-panel').then((module) => ({ default: module.FilterPanel })),
);

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const filters = parseFilters(new URL(request.url).searchParams);
    await Promise.all([
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(questboardQueryOptions(filters)),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

/** The number of the last page of `count` series. */
function lastPage(count: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

function asCurrency(code: string | undefined): Currency {
  return currencies.find((currency) => currency === code) ?? 'pln';
}

export default function QuestboardRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // While the loader fetches the next filters, the panel already shows them (a ticked box stays ticked).
  const pending = navigation.location?.pathname === pathname ? navigation.location.search : null;
  const filters = parseFilters(pending === null ? searchParams : new URLSearchParams(pending));
  const { region } = useRegion();
  const { data: systems = [] } = useGameSystems();
  const { data, isPending, isError, refetch, isPlaceholderData } = useQuestboard(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewerZone] = useState(viewerTimeZone);
  const filterCount = activeFilterCount(filters);

  const setFilters = (next: QuestboardFilters) => {
    // A filter changes the list, not the page: the reader stays where they are.
    setSearchParams(serializeFilters(next), { preventScrollReset: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-5 py-8 md:px-10 md:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t('questboard.title')}</h1>
        <p className="text-muted-foreground">{t('questboard.intro')}</p>
      </header>

      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <div className="md:sticky md:top-4 md:self-start">
          <Button
            type="button"
            variant="outline"
            className="w-full md:hidden"
            aria-expanded={filtersOpen}
            aria-controls="questboard-filters"
            onClick={() => {
              setFiltersOpen((open) => !open);
            }}
          >
            {filterCount > 0
              ? t('questboard.filters.toggleCount', { count: filterCount })
              : t('questboard.filters.toggle')}
          </Button>
          <Suspense fallback={null}>
            <FilterPanel
              id="questboard-filters"
              filters={filters}
              onChange={setFilters}
              regionCurrency={asCurrency(region?.currency_code)}
              className={cn('mt-4 md:mt-0 md:flex', filtersOpen ? 'flex' : 'hidden')}
            />
          </Suspense>
        </div>

        <section
          aria-labelledby="questboard-results"
          className="flex min-w-0 flex-col gap-5"
          aria-busy={isPending || isPlaceholderData}
        >
          <h2 id="questboard-results" className="sr-only">
            {t('questboard.results')}
          </h2>
          {data && (
            <p
              className="text-sm text-muted-foreground"
              aria-live="polite"
              data-testid="result-count"
            >
              {t('questboard.count', { count: data.count, formatted: format.number(data.count) })}
            </p>
          )}
          {isPending ? (
            <p className="text-sm text-muted-foreground">{t('questboard.loading')}</p>
          ) : isError ? (
            <div className="flex flex-col items-start gap-3" role="alert">
              <p>{t('questboard.loadFailed')}</p>
              <Button variant="outline" onClick={() => void refetch()}>
                {t('questboard.retry')}
              </Button>
            </div>
          ) : data.items.length === 0 && data.count > 0 ? (
            // `?page=999`: there are series, just not this many pages of them.
            <EmptyState
              icon={ScrollText}
              title={t('questboard.pastEnd.title')}
              description={t('questboard.pastEnd.description', {
                count: lastPage(data.count),
                formatted: format.number(lastPage(data.count)),
              })}
              action={
                <Button asChild variant="outline">
                  <Link to={questboardHref({ ...filters, page: lastPage(data.count) })}>
                    {t('questboard.pastEnd.action')}
                  </Link>
                </Button>
              }
            />
          ) : data.items.length === 0 ? (
            <EmptyState
              icon={ScrollText}
              title={t('questboard.empty.title')}
              description={
                filterCount > 0 ? t('questboard.empty.filtered') : t('questboard.empty.none')
              }
            />
          ) : (
            <>
              <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-5">
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
              <QuestboardPagination filters={filters} count={data.count} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
