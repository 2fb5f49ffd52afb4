/**
 * The Questboard's filters. Choices (systems, language, format, free or paid) apply at once; the search words
 * and the price range apply on Enter, on the search button or when the field is left. Every change goes back
 * to the first page. The panel owns no state that matters: the filters are the URL's (see lib/filters.ts).
 */
import { Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useGameSystems } from '@/features/game-systems';
import { useLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import {
  activeFilterCount,
  emptyFilters,
  formats,
  languages,
  normalisePrice,
  priceKinds,
  priceRangeReversed,
  type Currency,
  type QuestboardFilters,
} from '../lib/filters';
import { languageName } from '../lib/format';

type Props = {
  filters: QuestboardFilters;
  onChange: (next: QuestboardFilters) => void;
  /** The selected region's currency: the price range is in it unless the URL names another. */
  regionCurrency: Currency;
  className?: string;
  id?: string;
};

function typedKey(q: string, priceMin: string | null, priceMax: string | null): string {
  return `${q}|${priceMin ?? ''}|${priceMax ?? ''}`;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

const legendClass = 'mb-2 text-sm font-semibold';
const choiceClass = 'flex items-center gap-2 text-sm';
const boxClass = 'size-4 shrink-0 accent-primary';

export function FilterPanel({ filters, onChange, regionCurrency, className, id }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fieldId = useId();
  const { data: systems = [] } = useGameSystems();
  const [q, setQ] = useState(filters.q);
  const [priceMin, setPriceMin] = useState(filters.priceMin ?? '');
  const [priceMax, setPriceMax] = useState(filters.priceMax ?? '');
  // "To" below "From": said under the fields, and the range is not sent until it reads the right way round.
  const [rangeReversed, setRangeReversed] = useState(false);
  const currency = filters.currency ?? regionCurrency;
  // A new URL (back button, a link, "Clear filters") starts the typed fields afresh; the URL the panel sent
  // itself does not, so what was typed since (the other price bound) stays.
  const applied = typedKey(filters.q, filters.priceMin, filters.priceMax);
  const [previous, setPrevious] = useState(applied);
  const [sent, setSent] = useState<string | null>(null);
  if (previous !== applied) {
    setPrevious(applied);
    if (applied !== sent) {
      setQ(filters.q);
      setPriceMin(filters.priceMin ?? '');
      setPriceMax(filters.priceMax ?? '');
    }
  }

  const rows = useMemo(() => {
    const byId = new Map(systems.map((system) => [system.id, system]));
    return systems
      .filter((system) => system.parent_id == null)
      .flatMap((family) => [
        { system: family, level: 1 },
        ...family.children_ids.flatMap((childId) => {
          const child = byId.get(childId);
          return child ? [{ system: child, level: 2 }] : [];
        }),
      ]);
  }, [systems]);

  /** The filters with what is typed so far, changed by `patch`, from the first page. */
  const apply = (patch: Partial<QuestboardFilters> = {}) => {
    let min = normalisePrice(priceMin);
    let max = normalisePrice(priceMax);
    setPriceMin(min ?? '');
    setPriceMax(max ?? '');
    const reversed = priceRangeReversed(min, max);
    setRangeReversed(reversed);
    if (reversed) {
      // Other filters still apply; the range stays as it was until it is mended.
      if (Object.keys(patch).length === 0 && q.trim() === filters.q) return;
      min = filters.priceMin;
      max = filters.priceMax;
    }
    const next = { q: patch.q ?? q.trim(), priceMin: min, priceMax: max, ...patch };
    setSent(typedKey(next.q, next.priceMin, next.priceMax));
    onChange({
      ...filters,
      q: q.trim(),
      priceMin: min,
      priceMax: max,
      currency: min !== null || max !== null ? currency : null,
      ...patch,
      page: 1,
    });
  };

  const applyIfChanged = () => {
    const min = normalisePrice(priceMin);
    const max = normalisePrice(priceMax);
    if (q.trim() !== filters.q || min !== filters.priceMin || max !== filters.priceMax) apply();
    else {
      setPriceMin(min ?? '');
      setPriceMax(max ?? '');
      setRangeReversed(false);
    }
  };

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    apply();
  };

  return (
    <form
      id={id}
      role="search"
      aria-label={t('questboard.filters.label')}
      onSubmit={onSubmit}
      className={cn('flex flex-col gap-6', className)}
      data-testid="questboard-filters"
    >
      <div>
        <label htmlFor={`${fieldId}-q`} className={legendClass + ' block'}>
          {t('questboard.filters.search')}
        </label>
        <div className="flex gap-2">
          <Input
            id={`${fieldId}-q`}
            type="search"
            name="q"
            value={q}
            maxLength={200}
            placeholder={t('questboard.filters.searchPlaceholder')}
            onChange={(event) => {
              setQ(event.target.value);
            }}
          />
          <Button
            type="submit"
            size="icon"
            variant="outline"
            aria-label={t('questboard.filters.searchButton')}
          >
            <Search aria-hidden />
          </Button>
        </div>
      </div>

      <fieldset>
        <legend className={legendClass}>{t('questboard.filters.systems')}</legend>
        <p className="mb-2 text-xs text-muted-foreground">{t('questboard.filters.systemsHint')}</p>
        <ul className="flex max-h-60 flex-col gap-1.5 overflow-y-auto rounded-md border border-border p-2">
          {rows.map(({ system, level }) => (
            <li key={system.id} className={level === 2 ? 'pl-6' : undefined}>
              <label className={choiceClass}>
                <input
                  type="checkbox"
                  className={boxClass}
                  checked={filters.systems.includes(system.id)}
                  onChange={() => {
                    apply({ systems: toggle(filters.systems, system.id) });
                  }}
                />
                <span className={level === 1 ? 'font-medium' : undefined}>{system.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>
          {t('questboard.filters.priceRange', { currency: currency.toUpperCase() })}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${fieldId}-min`} className="text-xs text-muted-foreground">
              {t('questboard.filters.priceMin')}
            </label>
            <Input
              id={`${fieldId}-min`}
              inputMode="decimal"
              autoComplete="off"
              value={priceMin}
              placeholder="0"
              aria-invalid={rangeReversed || undefined}
              aria-describedby={rangeReversed ? `${fieldId}-range-error` : undefined}
              onChange={(event) => {
                setPriceMin(event.target.value.replace(/[^\d.,]/g, '').slice(0, 10));
                setRangeReversed(false);
              }}
              onBlur={applyIfChanged}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${fieldId}-max`} className="text-xs text-muted-foreground">
              {t('questboard.filters.priceMax')}
            </label>
            <Input
              id={`${fieldId}-max`}
              inputMode="decimal"
              autoComplete="off"
              value={priceMax}
              aria-invalid={rangeReversed || undefined}
              aria-describedby={rangeReversed ? `${fieldId}-range-error` : undefined}
              onChange={(event) => {
                setPriceMax(event.target.value.replace(/[^\d.,]/g, '').slice(0, 10));
                setRangeReversed(false);
              }}
              onBlur={applyIfChanged}
            />
          </div>
        </div>
        {rangeReversed && (
          <p
            id={`${fieldId}-range-error`}
            role="alert"
            className="mt-1 text-xs font-medium text-destructive"
            data-testid="price-range-error"
          >
            {t('questboard.filters.priceReversed')}
          </p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{t('questboard.filters.priceHint')}</p>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t('questboard.filters.price')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {[null, ...priceKinds].map((kind) => (
            <label key={kind ?? 'any'} className={choiceClass}>
              <input
                type="radio"
                className={boxClass}
                name={`${fieldId}-price`}
                checked={filters.price === kind}
                onChange={() => {
                  apply({ price: kind });
                }}
              />
              {kind === null
                ? t('questboard.filters.any')
                : t(`questboard.filters.priceKind.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t('questboard.filters.format')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {[null, ...formats].map((format) => (
            <label key={format ?? 'any'} className={choiceClass}>
              <input
                type="radio"
                className={boxClass}
                name={`${fieldId}-format`}
                checked={filters.format === format}
                onChange={() => {
                  apply({ format });
                }}
              />
              {format === null ? t('questboard.filters.any') : t(`questboard.format.${format}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{t('questboard.filters.languages')}</legend>
        <div className="grid grid-cols-2 gap-1.5">
          {languages.map((language) => (
            <label key={language} className={choiceClass}>
              <input
                type="checkbox"
                className={boxClass}
                checked={filters.languages.includes(language)}
                onChange={() => {
                  apply({ languages: toggle(filters.languages, language) });
                }}
              />
              {languageName(locale, language)}
            </label>
          ))}
        </div>
      </fieldset>

      {activeFilterCount(filters) > 0 && (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setQ('');
            setPriceMin('');
            setPriceMax('');
            setRangeReversed(false);
            onChange(emptyFilters);
          }}
        >
          <X aria-hidden />
          {t('questboard.filters.clear')}
        </Button>
      )}
    </form>
  );
}
