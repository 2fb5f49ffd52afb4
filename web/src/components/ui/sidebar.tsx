import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { SidebarContext, useSidebarContext } from './sidebar-context';
import { SIDEBAR_WIDTH_ICON } from './sidebar-state';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';
import type { SidebarController } from './use-sidebar-controller';

const SidebarSheet = lazy(() =>
  import('./sidebar-sheet').then((module) => ({ default: module.SidebarSheet })),
);

export type SidebarProps = {
  controller: SidebarController;
  /** Names the sidebar for styling and tests (`data-sidebar`). */
  name: string;
  /** Heading of the sheet on narrow screens (for assistive technology). */
  title: string;
  closeLabel: string;
  side?: 'left' | 'right';
  /** `icon`: collapses to a strip of icons; `offcanvas`: disappears entirely. */
  collapsible?: 'icon' | 'offcanvas';
  width: string;
  /** The sheet's width below 768 px (default 18rem). */
  mobileWidth?: string;
  children: ReactNode;
  className?: string;
};

export function Sidebar({
  controller,
  name,
  title,
  closeLabel,
  side = 'left',
  collapsible = 'icon',
  width,
  mobileWidth,
  children,
  className,
}: SidebarProps) {
  // Mounted from the first opening on, so the sheet animates closed and open like any dialog afterwards.
  const [sheetMounted, setSheetMounted] = useState(false);
  if (controller.isMobile && controller.openMobile && !sheetMounted) setSheetMounted(true);
  if (controller.isMobile) {
    // The sheet's code (the dialog primitives) loads when it is first opened: desktop pages and closed sheets do
    // not carry it (issue 11's budget).
    if (!sheetMounted) return null;
    return (
      <Suspense fallback={null}>
        <SidebarSheet
          controller={controller}
          name={name}
          title={title}
          closeLabel={closeLabel}
          side={side}
          width={mobileWidth}
        >
          {children}
        </SidebarSheet>
      </Suspense>
    );
  }

  const { state } = controller;
  const collapsedWidth = collapsible === 'icon' ? SIDEBAR_WIDTH_ICON : '0px';
  const hidden = state === 'collapsed' && collapsible === 'offcanvas';
  return (
    <aside
      data-sidebar={name}
      data-state={state}
      data-side={side}
      aria-label={title}
      inert={hidden}
      className={cn(
        'group/sidebar sticky top-0 flex h-svh shrink-0 flex-col overflow-hidden border-border bg-sidebar transition-[width] duration-200 ease-out motion-reduce:transition-none',
        side === 'left' ? 'border-r' : 'border-l',
        hidden && 'border-none',
        className,
      )}
      style={{ width: state === 'expanded' ? width : collapsedWidth }}
    >
      <SidebarContext.Provider value={{ state, isMobile: false }}>
        {/* Fixed inner width so content does not reflow while the sidebar animates. */}
        <div
          className="flex h-full min-h-0 flex-col"
          style={{ width: state === 'expanded' || hidden ? width : collapsedWidth }}
        >
          {children}
        </div>
      </SidebarContext.Provider>
    </aside>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto p-2',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-2', className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('flex flex-col gap-1', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      className={cn(
        'flex h-8 items-center px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase transition-opacity group-data-[state=collapsed]/sidebar:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex flex-col gap-0.5', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

/** Shows `label` as a tooltip only while the sidebar is collapsed to icons. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactNode }) {
  const { state, isMobile } = useSidebarContext();
  if (state === 'expanded' || isMobile) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
