/**
 * The time-zone control of the account settings: a button showing the chosen zone (city and current UTC offset)
 * that opens a searchable list grouped by region (the palette's keyboard: type to search, arrows, Enter).
 */
import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { FieldControlProps } from '@/components/ui/field';
import { useLocale } from '@/lib/i18n';

import {
  canonicalTimeZone,
  filterTimeZoneGroups,
  timeZoneGroups,
  type TimeZoneRegion,
} from '../lib/time-zones';

export function TimeZoneField({
  control,
  value,
  onChange,
  onBlur,
  name,
  ref,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The highlighted row: the chosen zone when the list opens.
  const [highlighted, setHighlighted] = useState(value);
  // Offsets are those of the moment the list is built (summer time shows as it is now).
  const groups = useMemo(() => timeZoneGroups(locale, { current: value }), [locale, value]);
  // An account saved before a zone was renamed (Europe/Kiev) shows, and is offered, under the new name.
  const chosen = groups
    .flatMap((group) => group.zones)
    .find((zone) => zone.id === canonicalTimeZone(value));
  const regionName = (region: TimeZoneRegion) => t(`timeZones.regions.${region}`);
  const found = filterTimeZoneGroups(groups, query, regionName);

  return (
    <>
      <Button
        {...control}
        ref={ref}
        type="button"
        variant="outline"
        name={name}
        value={value}
        aria-haspopup="dialog"
        aria-expanded={open}
        onBlur={onBlur}
        onClick={() => {
          setQuery('');
          setHighlighted(canonicalTimeZone(value));
          setOpen(true);
        }}
        className="w-full justify-between font-normal"
      >
        <span className="truncate">
          {chosen ? `${chosen.city} (${chosen.offset})` : value || t('timeZones.choose')}
        </span>
        <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          closeLabel={t('common.close')}
          className="top-[20%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
          data-testid="time-zone-dialog"
        >
          <DialogTitle className="px-4 pt-4 pb-1 text-base">{t('timeZones.choose')}</DialogTitle>
          <DialogDescription className="px-4 pb-2 text-sm">
            {t('timeZones.dialogText')}
          </DialogDescription>
          <Command
            shouldFilter={false}
            loop
            label={t('timeZones.choose')}
            value={highlighted}
            onValueChange={setHighlighted}
          >
            <CommandInput
              value={query}
              onValueChange={setQuery}
              placeholder={t('timeZones.search')}
              aria-label={t('timeZones.search')}
            />
            <CommandEmpty empty={found.length === 0}>
              {t('timeZones.empty', { query: query.trim() })}
            </CommandEmpty>
            <CommandList>
              {found.map((group) => (
                <CommandGroup key={group.region} heading={regionName(group.region)}>
                  {group.zones.map((zone) => (
                    <CommandItem
                      key={zone.id}
                      value={zone.id}
                      data-zone={zone.id}
                      onSelect={() => {
                        onChange(zone.id);
                        setOpen(false);
                      }}
                    >
                      <Check
                        className={zone.id === chosen?.id ? 'size-4' : 'size-4 opacity-0'}
                        aria-hidden
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate">{zone.city}</span>
                        {zone.id !== 'UTC' && (
                          <span className="truncate text-xs text-muted-foreground">
                            {zone.id.replaceAll('_', ' ')}
                          </span>
                        )}
                      </span>
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                        {zone.offset}
                      </span>
                    </CommandItem>
                  ))}
                </CommandGroup>
              ))}
            </CommandList>
          </Command>
        </DialogContent>
      </Dialog>
    </>
  );
}
