/** The sidebar below 768 px: a slide-in sheet (loaded when first opened, see `Sidebar`). */
import type { ReactNode } from 'react';

import { Sheet, SheetContent, SheetTitle } from './sheet';
import { SidebarContext } from './sidebar-context';
import { SIDEBAR_WIDTH_MOBILE } from './sidebar-state';
import type { SidebarController } from './use-sidebar-controller';

export function SidebarSheet({
  controller,
  name,
  title,
  closeLabel,
  side,
  width,
  children,
}: {
  controller: SidebarController;
  name: string;
  title: string;
  closeLabel: string;
  side: 'left' | 'right';
  width?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Sheet open={controller.openMobile} onOpenChange={controller.setOpenMobile}>
      <SheetContent
        side={side}
        closeLabel={closeLabel}
        aria-describedby={undefined}
        data-sidebar={name}
        data-mobile="true"
        // A width of the caller's own (the chat's full screen) is not capped like the default sheet's.
        className={width === undefined ? undefined : 'max-w-none'}
        style={{ width: width ?? SIDEBAR_WIDTH_MOBILE }}
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        <SidebarContext.Provider value={{ state: 'expanded', isMobile: true }}>
          <div className="group/sidebar flex h-full min-h-0 flex-col" data-state="expanded">
            {children}
          </div>
        </SidebarContext.Provider>
      </SheetContent>
    </Sheet>
  );
}
