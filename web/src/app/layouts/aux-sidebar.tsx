import { useTranslation } from 'react-i18next';

import { Sidebar, SidebarContent, SidebarHeader } from '@/components/ui/sidebar';
import { AUX_SIDEBAR_WIDTH } from '@/components/ui/sidebar-state';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';

import { useAuxPanelContext } from './aux-panel-context';

/** The auxiliary sidebar on the right, with what the current screen gives it; absent when it gives nothing. */
export function AuxSidebar({ controller }: { controller: SidebarController }) {
  const { t } = useTranslation();
  const { hasContent, setContainer } = useAuxPanelContext();
  if (!hasContent) return null;
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
      <SidebarContent className="p-4" ref={setContainer} />
    </Sidebar>
  );
}
