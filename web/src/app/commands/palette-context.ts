import { createContext, useContext } from 'react';

export type PaletteControls = {
  openPalette: () => void;
};

export const PaletteContext = createContext<PaletteControls | null>(null);

/** Opens the command palette (for the visible trigger; the keyboard has Ctrl/Cmd+K). */
export function usePalette(): PaletteControls {
  const controls = useContext(PaletteContext);
  if (controls === null) throw new Error('usePalette needs a CommandPaletteProvider');
  return controls;
}
