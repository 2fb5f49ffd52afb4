/**
 * The side panel's content comes from the screen on show: a screen renders `<AuxPanelContent>` and its
 * children appear in the auxiliary sidebar. Until a screen does, the panel and its toggle are not shown.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { AuxPanelContext, useAuxPanelContext } from './aux-panel-context';

export function AuxPanelProvider({ children }: { children: ReactNode }) {
  const [providers, setProviders] = useState(0);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const register = useCallback(() => {
    setProviders((count) => count + 1);
    return () => {
      setProviders((count) => count - 1);
    };
  }, []);
  const value = useMemo(
    () => ({ hasContent: providers > 0, container, setContainer, register }),
    [providers, container, register],
  );
  return <AuxPanelContext value={value}>{children}</AuxPanelContext>;
}

/** Gives the side panel `children` while this is mounted. */
export function AuxPanelContent({ children }: { children: ReactNode }) {
  const { register, container } = useAuxPanelContext();
  useEffect(register, [register]);
  return container ? createPortal(children, container) : null;
}
