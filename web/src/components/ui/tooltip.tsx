/**
 * Tooltips whose code (Radix's tooltip, its positioning and dismissal layers) loads when one is first wanted:
 * until then a trigger is its plain child, and pointing at it or focusing it loads the parts and shows the
 * tooltip. A trigger that had focus keeps it across the swap. Issue 11: this keeps about 17 KiB (brotli) off
 * every page's first load.
 *
 * Each tooltip has its own Radix provider: the spec's tooltips open at once (delay 0), so a shared provider's
 * skip delay has nothing to skip. `TooltipProvider` stays for the app's provider tree and passes its delay on.
 */
import { Slot } from '@radix-ui/react-slot';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';

import type * as PartsModule from './tooltip-parts';

type Parts = typeof PartsModule;

let loadedParts: Parts | null = null;
let loadingParts: Promise<Parts> | null = null;

function loadTooltipParts(): Promise<Parts> {
  loadingParts ??= import('./tooltip-parts').then((parts) => {
    loadedParts = parts;
    return parts;
  });
  return loadingParts;
}

/** Spec constants: tooltips open at once (delay 0). */
const DelayContext = createContext(0);

export function TooltipProvider({
  delayDuration = 0,
  children,
}: {
  delayDuration?: number;
  children: ReactNode;
}) {
  return <DelayContext value={delayDuration}>{children}</DelayContext>;
}

type LazyTooltip = {
  parts: Parts | null;
  request: (focused: boolean) => void;
  /** The Radix trigger's element: it gets focus back if the plain one had it when the parts were requested. */
  triggerMounted: (node: HTMLButtonElement | null) => void;
};

const LazyTooltipContext = createContext<LazyTooltip>({
  parts: null,
  request: () => undefined,
  triggerMounted: () => undefined,
});

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

export function Tooltip({
  defaultOpen = false,
  children,
  ...props
}: Omit<ComponentProps<Parts['Tooltip']>, 'delayDuration'>) {
  const delayDuration = use(DelayContext);
  const [parts, setParts] = useState(loadedParts);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const refocus = useRef(false);
  const request = useCallback((focused: boolean) => {
    refocus.current ||= focused;
    void loadTooltipParts().then((loaded) => {
      setOpenOnLoad(true);
      setParts(loaded);
    });
  }, []);
  const triggerMounted = useCallback((node: HTMLButtonElement | null) => {
    if (node && refocus.current) {
      refocus.current = false;
      node.focus();
    }
  }, []);
  const tooltip = useMemo(
    () => ({ parts, request, triggerMounted }),
    [parts, request, triggerMounted],
  );
  return (
    <LazyTooltipContext value={tooltip}>
      {parts ? (
        <parts.TooltipProvider delayDuration={delayDuration}>
          <parts.Tooltip defaultOpen={defaultOpen || openOnLoad} {...props}>
            {children}
          </parts.Tooltip>
        </parts.TooltipProvider>
      ) : (
        children
      )}
    </LazyTooltipContext>
  );
}

export function TooltipTrigger({
  asChild = false,
  onPointerEnter,
  onFocus,
  ref,
  ...props
}: ComponentProps<Parts['TooltipTrigger']>) {
  const { parts, request, triggerMounted } = use(LazyTooltipContext);
  const composedRef = useCallback(
    (node: HTMLButtonElement | null) => {
      assignRef(ref, node);
      triggerMounted(node);
    },
    [ref, triggerMounted],
  );
  if (parts) {
    return (
      <parts.TooltipTrigger
        asChild={asChild}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        ref={composedRef}
        {...props}
      />
    );
  }
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : 'button'}
      ref={ref}
      {...props}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        if (event.pointerType !== 'touch') request(false);
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        request(true);
      }}
    />
  );
}

/** Rendered by Radix only while open, so the parts are there. */
export function TooltipContent(props: ComponentProps<Parts['TooltipContent']>) {
  const { parts } = use(LazyTooltipContext);
  return parts ? <parts.TooltipContent {...props} /> : null;
}
