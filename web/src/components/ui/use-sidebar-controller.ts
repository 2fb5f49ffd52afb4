import { useCallback, useMemo, useState } from 'react';

import { parseSidebarOpen, sidebarCookie, type SidebarState } from './sidebar-state';

/**
 * The state of one sidebar. On a wide screen it is expanded or collapsed (remembered in a cookie); on a
 * narrow screen it is a sheet that is open or not (not remembered: it should not pop up on the next visit).
 */
export type SidebarController = {
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Collapses or expands on a wide screen, opens or closes the sheet on a narrow one. */
  toggle: () => void;
};

export function useSidebarController({
  cookieName,
  defaultOpen,
  isMobile,
}: {
  cookieName: string;
  defaultOpen: boolean;
  isMobile: boolean;
}): SidebarController {
  const [open, setOpenState] = useState(() =>
    parseSidebarOpen(cookieName, defaultOpen, document.cookie),
  );
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback(
    (value: boolean) => {
      setOpenState(value);
      document.cookie = sidebarCookie(cookieName, value);
    },
    [cookieName],
  );

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  return useMemo(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggle,
    }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
}
