import { createContext, useContext } from 'react';

export type AuxPanelState = {
  /** A screen gives the panel something to show. */
  hasContent: boolean;
  /** Where the panel's content goes (set by the auxiliary sidebar while its body is on screen). */
  container: HTMLElement | null;
  setContainer: (element: HTMLElement | null) => void;
  /** Called by a screen's content when it mounts; the returned function when it unmounts. */
  register: () => () => void;
};

export const AuxPanelContext = createContext<AuxPanelState | null>(null);

export function useAuxPanelContext(): AuxPanelState {
  const context = useContext(AuxPanelContext);
  if (context === null) throw new Error('useAuxPanelContext outside AuxPanelProvider');
  return context;
}
