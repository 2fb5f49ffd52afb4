import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuItem,
  SidebarTooltip,
} from '@/components/ui/sidebar';
import { sidebarMenuButtonClasses } from '@/components/ui/sidebar-context';
import { SIDEBAR_WIDTH } from '@/components/ui/sidebar-state';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';
import { SidebarProfile } from '@/features/accounts/components/sidebar-profile';
import { SidebarRegion } from '@/features/commerce/components/sidebar-region';
import { LanguageSwitch } from '@/features/localization/components/language-switch';
import { useConfig } from '@/lib/runtime-config';

import { currentNavItemId, navSections, visibleNavSections, type NavViewer } from '../nav';
import { paths } from '@/lib/paths';
import { productName } from '../route-handle';

export function MainSidebar({
  controller,
  viewer,
}: {
  controller: SidebarController;
  viewer: NavViewer;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = visibleNavSections(navSections, viewer);
  const currentId = currentNavItemId(sections, pathname);
  // On a phone, following a link should show the page rather than leave the sheet over it.
  const closeSheet = () => {
    controller.setOpenMobile(false);
  };
  return (
    <Sidebar
      controller={controller}
      name="main"
      title={t('sidebar.mainTitle')}
      closeLabel={t('sidebar.close')}
      side="left"
      collapsible="icon"
      width={SIDEBAR_WIDTH}
    >
      <SidebarHeader>
        <Brand onNavigate={closeSheet} />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t('nav.label')} className="flex flex-col gap-4">
          {sections.map((section) => (
            <SidebarGroup key={section.id} aria-labelledby={`nav-section-${section.id}`}>
              <SidebarGroupLabel id={`nav-section-${section.id}`}>
                {t(section.labelKey)}
              </SidebarGroupLabel>
              <SidebarMenu>
                {section.items.map((item) => (
                  <SidebarMenuItem key={item.id}>
                    <SidebarTooltip label={t(item.labelKey)}>
                      <Link
                        to={item.to}
                        aria-current={item.id === currentId ? 'page' : undefined}
                        onClick={closeSheet}
                        className={sidebarMenuButtonClasses}
                      >
                        <item.icon aria-hidden />
                        <span>{t(item.labelKey)}</span>
                      </Link>
                    </SidebarTooltip>
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-t border-border">
        <SidebarProfile onNavigate={closeSheet} />
        <LanguageSwitch />
        <SidebarRegion />
        <VersionNote />
      </SidebarFooter>
    </Sidebar>
  );
}

function Brand({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onNavigate}
      className="flex h-10 items-center gap-2.5 rounded-md px-1.5 outline-none focus-visible:ring-2 focus-visible:ring-ring group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground shadow-sm">
        <Dices className="size-4" aria-hidden />
      </span>
      <span className="text-base font-semibold tracking-tight group-data-[state=collapsed]/sidebar:sr-only">
        {productName}
      </span>
    </Link>
  );
}

function VersionNote() {
  const { t } = useTranslation();
  const { data } = useConfig();
  if (!data) return null;
  return (
    <p className="truncate px-2.5 pt-1 text-xs text-muted-foreground group-data-[state=collapsed]/sidebar:hidden">
      {t('sidebar.version', { version: data.version })}
    </p>
  );
}
