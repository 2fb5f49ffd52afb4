import { useTranslation } from 'react-i18next';

import { Sidebar, SidebarContent, SidebarHeader } from '@/components/ui/sidebar';
import { AUX_SIDEBAR_WIDTH } from '@/components/ui/sidebar-state';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';

/** The auxiliary sidebar on the right. Pages will put their context here; for now it says so. */
export function AuxSidebar({ controller }: { controller: SidebarController }) {
  const { t } = useTranslation();
  return (
    <Sidebar
      controller={controller}
      name="aux"
      title={t('sidebar.auxTitle')}
      closeLabel={t('sidebar.close')}
      side="right"
      collapsible="offcanvas"
      width={AUX_SIDEBAR_WIDTH}
    >
      <SidebarHeader className="h-14 justify-center border-b border-border px-4">
        <h2 className="text-sm font-semibold">{t('sidebar.auxTitle')}</h2>
      </SidebarHeader>
      <SidebarContent className="p-4">
        <p className="text-sm text-muted-foreground">{t('sidebar.auxEmpty')}</p>
      </SidebarContent>
    </Sidebar>
  );
}
