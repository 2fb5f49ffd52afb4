import { createContext, useContext } from 'react';

import type { SidebarState } from './sidebar-state';

type SidebarContextValue = { state: SidebarState; isMobile: boolean };

/** Lets items know how their own sidebar is shown (icon-only items need a tooltip). */
export const SidebarContext = createContext<SidebarContextValue>({
  state: 'expanded',
  isMobile: false,
});

export function useSidebarContext(): SidebarContextValue {
  return useContext(SidebarContext);
}

/** Classes for a row of the sidebar menu: an icon and a label that hides when collapsed to icons. */
export const sidebarMenuButtonClasses =
  'flex h-9 w-full min-w-0 items-center gap-3 overflow-hidden rounded-md px-2.5 text-left text-sm text-foreground/80 outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary/10 aria-[current=page]:font-medium aria-[current=page]:text-primary group-data-[state=collapsed]/sidebar:size-8 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0 [&_svg]:size-4 [&_svg]:shrink-0 [&>span]:truncate group-data-[state=collapsed]/sidebar:[&>span]:sr-only';
