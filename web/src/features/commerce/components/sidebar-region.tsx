/** The main sidebar's shopping-region setting: prices elsewhere are shown in the region's currency. */
import { ChevronsUpDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarTooltip } from '@/components/ui/sidebar';
import { sidebarMenuButtonClasses } from '@/components/ui/sidebar-context';

import { regionLabel, selectRegion, useRegion } from '../api/use-region';

export function SidebarRegion() {
  const { t } = useTranslation();
  const { region, regions } = useRegion();
  if (region === undefined) return null;

  // Not modal: a menu need not hide the page from assistive technology (Radix's modal menu marks the whole
  // app aria-hidden while its links stay focusable: axe aria-hidden-focus).
  return (
    <DropdownMenu modal={false}>
      <SidebarTooltip label={`${t('commerce.region.label')}: ${regionLabel(region)}`}>
        <DropdownMenuTrigger className={sidebarMenuButtonClasses} data-testid="region-switch">
          <Globe aria-hidden />
          {/* Named by its content (label and value), which is what a speaking user would say. */}
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-xs text-muted-foreground">{t('commerce.region.label')}</span>{' '}
            <span className="truncate font-medium">{regionLabel(region)}</span>
          </span>
          <ChevronsUpDown
            className="ml-auto text-muted-foreground group-data-[state=collapsed]/sidebar:hidden"
            aria-hidden
          />
        </DropdownMenuTrigger>
      </SidebarTooltip>
      <DropdownMenuContent
        side="top"
        align="start"
        className="w-(--radix-dropdown-menu-trigger-width)"
      >
        <DropdownMenuLabel>{t('commerce.region.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={region.id}
          onValueChange={(id) => {
            const chosen = regions.find((option) => option.id === id);
            if (chosen && chosen.id !== region.id) selectRegion(chosen);
          }}
        >
          {regions.map((option) => (
            <DropdownMenuRadioItem key={option.id} value={option.id}>
              {regionLabel(option)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
