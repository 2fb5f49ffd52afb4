import { useTranslation } from 'react-i18next';

import { Sidebar, SidebarContent, SidebarHeader } from '@/components/ui/sidebar';
import { AUX_SIDEBAR_WIDTH } from '@/components/ui/sidebar-state';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';

import { useAuxPanelContext } from './aux-panel-context';

/** The auxiliary sidebar on the right, with what the current screen gives it; absent when it gives nothing. */
export function AuxSidebar({
  controller,
  title,
}: {
  controller: SidebarController;
  /** What the panel holds (the conversations, for a signed-in user). */
  title?: string;
}) {
  const { t } = useTranslation();
  const heading = title ?? t('sidebar.auxTitle');
  const { hasContent, setContainer } = useAuxPanelContext();
  if (!hasContent) return null;
  return (
    <Sidebar
      controller={controller}
      name="aux"
      title={heading}
      closeLabel={t('sidebar.close')}
      side="right"
      collapsible="offcanvas"
      width={AUX_SIDEBAR_WIDTH}
      // On a phone the panel fills the screen: a conversation needs the whole width.
      mobileWidth="100vw"
    >
      <SidebarHeader className="h-14 justify-center border-b border-border px-4">
        <h2 className="text-sm font-semibold">{heading}</h2>
      </SidebarHeader>
      <SidebarContent className="gap-0 p-0" ref={setContainer} />
    </Sidebar>
  );
}
