/**
 * The chat in the auxiliary sidebar (issue 17), for a signed-in user. A Chat button or command puts `?chat=` in
 * the address; the sidebar then opens to show it (the list, or one conversation).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import ChatPanel from '@/features/chat/components/chat-panel';
import { chatParam } from '@/features/chat/lib/dock';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';

import { AuxPanelContent } from './aux-panel';

export default function ChatDock({ aux }: { aux: SidebarController }) {
  const location = useLocation();
  const target = new URLSearchParams(location.search).get(chatParam);
  const { isMobile, setOpen, setOpenMobile } = aux;
  useEffect(() => {
    if (target === null) return;
    if (isMobile) setOpenMobile(true);
    else setOpen(true);
    // A second press of the same Chat button is a new location with the same target: open again.
  }, [target, location.key, isMobile, setOpen, setOpenMobile]);
  return (
    <AuxPanelContent>
      <ChatPanel />
    </AuxPanelContent>
  );
}
