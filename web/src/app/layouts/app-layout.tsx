import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

import {
  AUX_SIDEBAR_COOKIE,
  isEditableTarget,
  isSidebarShortcut,
  MAIN_SIDEBAR_COOKIE,
} from '@/components/ui/sidebar-state';
import {
  useSidebarController,
  type SidebarController,
} from '@/components/ui/use-sidebar-controller';
import { useCurrentUser } from '@/lib/auth/current-user';
import { loadWorkspaceStrings, withWorkspaceStrings } from '@/lib/i18n';
import { useAccountLocaleSync } from '@/features/accounts/components/use-account-locale-sync';
import { LiveUpdates } from '@/features/realtime';
import { useIsMobile } from '@/lib/use-is-mobile';

import { CommandPaletteProvider } from '../commands/command-palette';
import type { NavViewer } from '../nav';
import { useDocumentTitle } from '../use-document-title';
import { AppHeader } from './app-header';
import { AuxPanelProvider } from './aux-panel';
import { AuxSidebar } from './aux-sidebar';
import { MainSidebar } from './main-sidebar';

// Only signed-in users can have a profile to complete: visitors never load the wizards' forms.
const ProfileWizards = lazy(() =>
  Promise.all([
    import('@/features/profiles/components/profile-wizards'),
    loadWorkspaceStrings(),
  ]).then(([module]) => ({ default: module.ProfileWizards })),
);

// A signed-in user's conversations live in the auxiliary sidebar (issue 17): loaded after the page, and never
// for a visitor, so the Questboard's first load carries none of it.
const ChatDock = lazy(withWorkspaceStrings(() => import('./chat-dock')));

// The cart follows the region and the account from the first page on (spec §4), loaded after the first paint.
const CartSync = lazy(() => import('@/features/commerce/components/cart-sync'));

/** The shell around every page: main sidebar, header, page, auxiliary sidebar. */
export function AppLayout() {
  useDocumentTitle();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const main = useSidebarController({
    cookieName: MAIN_SIDEBAR_COOKIE,
    defaultOpen: true,
    isMobile,
  });
  const aux = useSidebarController({
    cookieName: AUX_SIDEBAR_COOKIE,
    defaultOpen: false,
    isMobile,
  });
  useSidebarShortcut(main);
  useAccountLocaleSync();
  const currentUser = useCurrentUser();
  // A signed-in user soon opens a workspace page or dialog: fetch its strings once the page has painted.
  useEffect(() => {
    if (currentUser.authenticated) void loadWorkspaceStrings();
  }, [currentUser.authenticated]);
  const viewer: NavViewer = {
    authenticated: currentUser.authenticated,
    roles: currentUser.user?.roles ?? [],
  };

  return (
    <CommandPaletteProvider>
      <AuxPanelProvider>
        <div className="flex min-h-svh w-full bg-background text-foreground">
          <a
            href="#content"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
          >
            {t('app.skipToContent')}
          </a>
          <LiveUpdates signedIn={currentUser.authenticated} />
          <Suspense fallback={null}>
            <CartSync />
          </Suspense>
          <MainSidebar controller={main} viewer={viewer} />
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader main={main} aux={aux} signedIn={currentUser.authenticated} />
            <main id="content" tabIndex={-1} className="flex-1 outline-none">
              <Outlet />
            </main>
          </div>
          <AuxSidebar
            controller={aux}
            title={currentUser.authenticated ? t('chatEntry.conversations') : undefined}
          />
          {currentUser.authenticated && (
            <Suspense fallback={null}>
              <ChatDock aux={aux} />
            </Suspense>
          )}
          {/* A new page starts at its top; back and forward return to where the reader was. */}
          <ScrollRestoration />
          {currentUser.authenticated && (
            <Suspense fallback={null}>
              <ProfileWizards />
            </Suspense>
          )}
        </div>
      </AuxPanelProvider>
    </CommandPaletteProvider>
  );
}

function useSidebarShortcut(sidebar: SidebarController) {
  const { toggle } = sidebar;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event) || isEditableTarget(event.target)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [toggle]);
}
