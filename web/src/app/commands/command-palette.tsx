/**
 * The command palette (spec §2): Ctrl/Cmd+K opens it; it offers the registry's commands whose requirements
 * hold, grouped and ranked by the rules in `@/lib/commands/filter`. cmdk handles the keyboard (arrows, Home,
 * End, Enter); the filtering is ours, so the spec's rules decide what is shown and in which order.
 *
 * This provider holds only the shortcut and the open state: the palette itself (the registry, the filtering,
 * cmdk, the dialogs its commands open) loads when it is first opened, so pages that never open it do not carry
 * it (issue 11's budget).
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';

import { isPaletteShortcut } from '@/lib/commands/shortcut';
import { withWorkspaceStrings } from '@/lib/i18n';
import type { Command as PaletteCommand } from '@/lib/commands/types';

import { PaletteContext, type PaletteControls } from './palette-context';

// The palette's strings (its title, sections and every command's label) come with the workspace's, after the
// first paint.
const PaletteHost = lazy(
  withWorkspaceStrings(() =>
    import('./palette-host').then((module) => ({ default: module.PaletteHost })),
  ),
);

export function CommandPaletteProvider({
  children,
  commands,
}: {
  children: ReactNode;
  /** The commands offered (tests); the app's registry when absent. */
  commands?: readonly PaletteCommand[];
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so later openings and closings animate like any dialog, and a dialog a
  // command opened stays open after the palette closes.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const controls = useMemo<PaletteControls>(
    () => ({
      openPalette: () => {
        setOpen(true);
      },
    }),
    [],
  );

  return (
    <PaletteContext value={controls}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <PaletteHost open={open} onOpenChange={setOpen} commands={commands} />
        </Suspense>
      )}
    </PaletteContext>
  );
}
