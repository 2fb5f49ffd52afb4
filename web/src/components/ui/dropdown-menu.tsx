/**
 * Dropdown menus whose code loads when one is first opened: the trigger is a plain button with the same
 * semantics (`aria-haspopup="menu"`, `aria-expanded="false"`) until then, and the first press (pointer, Enter,
 * Space or ↓, as Radix opens menus) loads the Radix parts and opens the menu. After that, every menu renders
 * Radix directly. The API is Radix's, as in `./dropdown-menu-parts`; menus are uncontrolled or controlled alike.
 * Issue 11: the sidebar's three menus otherwise put about 20 KiB (brotli) on every page's first load.
 */
import { Slot } from '@radix-ui/react-slot';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';

import type * as PartsModule from './dropdown-menu-parts';

type Parts = typeof PartsModule;

let loadedParts: Parts | null = null;
let loadingParts: Promise<Parts> | null = null;

/** Fetches the Radix parts once; every menu shares them. */
function loadDropdownMenuParts(): Promise<Parts> {
  loadingParts ??= import('./dropdown-menu-parts').then((parts) => {
    loadedParts = parts;
    return parts;
  });
  return loadingParts;
}

type LazyMenu = { parts: Parts | null; request: () => void };

const LazyMenuContext = createContext<LazyMenu>({ parts: null, request: () => undefined });

export function DropdownMenu({
  defaultOpen = false,
  open,
  onOpenChange,
  children,
  ...props
}: ComponentProps<Parts['DropdownMenu']>) {
  const [parts, setParts] = useState(loadedParts);
  // The press that loaded the parts opens the menu once they are there.
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const request = useCallback(() => {
    void loadDropdownMenuParts().then((loaded) => {
      setOpenOnLoad(true);
      setParts(loaded);
      if (open !== undefined) onOpenChange?.(true);
    });
  }, [open, onOpenChange]);
  const menu = useMemo(() => ({ parts, request }), [parts, request]);
  return (
    <LazyMenuContext value={menu}>
      {parts ? (
        <parts.DropdownMenu
          defaultOpen={defaultOpen || openOnLoad}
          open={open}
          onOpenChange={onOpenChange}
          {...props}
        >
          {children}
        </parts.DropdownMenu>
      ) : (
        children
      )}
    </LazyMenuContext>
  );
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function DropdownMenuTrigger({
  asChild = false,
  onPointerDown,
  onKeyDown,
  ...props
}: ComponentProps<Parts['DropdownMenuTrigger']>) {
  const { parts, request } = use(LazyMenuContext);
  if (parts) {
    return (
      <parts.DropdownMenuTrigger
        asChild={asChild}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        {...props}
      />
    );
  }
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || props.disabled) return;
        if (event.button === 0 && !event.ctrlKey) {
          // As Radix does: the press opens the menu, and focus stays on the trigger meanwhile.
          event.preventDefault();
          request();
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || props.disabled) return;
        if (OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          request();
        }
      }}
    />
  );
}

/** The parts inside a menu render only once it has been opened, so the Radix parts are there. */
function useParts(): Parts | null {
  return use(LazyMenuContext).parts;
}

export function DropdownMenuContent(props: ComponentProps<Parts['DropdownMenuContent']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuContent {...props} /> : null;
}

export function DropdownMenuLabel(props: ComponentProps<Parts['DropdownMenuLabel']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuLabel {...props} /> : null;
}

export function DropdownMenuSeparator(props: ComponentProps<Parts['DropdownMenuSeparator']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuSeparator {...props} /> : null;
}

export function DropdownMenuItem(props: ComponentProps<Parts['DropdownMenuItem']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuItem {...props} /> : null;
}

export function DropdownMenuRadioGroup(props: ComponentProps<Parts['DropdownMenuRadioGroup']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuRadioGroup {...props} /> : null;
}

export function DropdownMenuRadioItem(props: ComponentProps<Parts['DropdownMenuRadioItem']>) {
  const parts = useParts();
  return parts ? <parts.DropdownMenuRadioItem {...props} /> : null;
}
