import { Dices, PanelLeft, PanelRight, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/notifications';
import { RealtimeStatus } from '@/features/realtime';
import type { SidebarController } from '@/components/ui/use-sidebar-controller';
import { paletteShortcutLabel } from '@/lib/commands/shortcut';

import { usePalette } from '../commands/palette-context';
import { paths } from '@/lib/paths';
import { useAuxPanelContext } from './aux-panel-context';
import { productName } from '../route-handle';

export function AppHeader({
  main,
  aux,
  signedIn,
}: {
  main: SidebarController;
  aux: SidebarController;
  /** A signed-in user's header has the notifications bell. */
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const { openPalette } = usePalette();
  // The side panel is offered only when the screen gives it something to show.
  const { hasContent: hasAuxContent } = useAuxPanelContext();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={main.toggle}
        aria-label={t('sidebar.toggleMain')}
        aria-expanded={main.isMobile ? main.openMobile : main.open}
        aria-keyshortcuts="Control+B Meta+B"
        data-testid="main-sidebar-trigger"
      >
        <PanelLeft aria-hidden />
      </Button>
      {/* On a phone the sidebar (and its brand) is hidden in a sheet, so the header carries the name. */}
      {main.isMobile && (
        <Link
          to={paths.home.getHref()}
          className="mr-auto flex items-center gap-2 rounded-md px-1 font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-6 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Dices className="size-3.5" aria-hidden />
          </span>
          {productName}
        </Link>
      )}
      <RealtimeStatus />
      <Button
        variant="outline"
        onClick={openPalette}
        aria-keyshortcuts="Control+K Meta+K"
        className="h-9 justify-start gap-2 px-3 font-normal text-muted-foreground md:w-64"
        data-testid="command-palette-trigger"
      >
        <Search aria-hidden />
        <span className="max-md:sr-only">{t('commands.trigger')}</span>
        <kbd className="ml-auto rounded border border-border bg-muted px-1.5 font-sans text-[0.6875rem] max-md:hidden">
          {paletteShortcutLabel()}
        </kbd>
      </Button>
      {signedIn && <NotificationBell />}
      {hasAuxContent && (
        <Button
          variant="ghost"
          size="icon"
          onClick={aux.toggle}
          aria-label={t('sidebar.toggleAux')}
          aria-expanded={aux.isMobile ? aux.openMobile : aux.open}
          data-testid="aux-sidebar-trigger"
        >
          <PanelRight aria-hidden />
        </Button>
      )}
    </header>
  );
}
