import { ChevronsUpDown, Languages } from 'lucide-react';
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
import { isLocale, localeLabels, supportedLocales, useLocale } from '@/lib/i18n';

import { switchLanguage } from '../lib/switch-language';

/** The sidebar's language setting: applies at once to every text, number and date, and is remembered. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();

  async function select(value: string) {
    if (isLocale(value)) await switchLanguage(value);
  }

  // Not modal: a menu need not hide the page from assistive technology (Radix's modal menu marks the whole
  // app aria-hidden while its links stay focusable: axe aria-hidden-focus).
  return (
    <DropdownMenu modal={false}>
      <SidebarTooltip label={`${t('localization.label')}: ${localeLabels[locale]}`}>
        <DropdownMenuTrigger className={sidebarMenuButtonClasses} data-testid="language-switch">
          <Languages aria-hidden />
          {/* Named by its content (label and value), which is what a speaking user would say. */}
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-xs text-muted-foreground">{t('localization.label')}</span>{' '}
            <span className="truncate font-medium">{localeLabels[locale]}</span>
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
        <DropdownMenuLabel>{t('localization.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={locale} onValueChange={(value) => void select(value)}>
          {supportedLocales.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {localeLabels[option]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
