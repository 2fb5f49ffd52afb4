/** The route table: every page of the app, its loader and its title. */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { currentUserQueryOptions } from '@/lib/auth/current-user';
import {
  applicationPaths,
  blueprintPaths,
  questboardPaths,
  seriesPaths,
  sessionPaths,
  paths,
  notificationsPath,
  unsubscribePath,
} from '@/lib/paths';
import { loadWorkspaceStrings } from '@/lib/i18n';
import { configQueryOptions } from '@/lib/runtime-config';

import { AppLayout } from './layouts/app-layout';
import type { RouteHandle } from './route-handle';
import { AppLoading } from './routes/app-loading';
import NotFoundRoute from './routes/not-found';
import { RootError, RouteError } from './routes/route-error';

/**
 * A lazily loaded page module: its component, optionally a loader that fills the query cache, and a handle
 * when the page names its own title (the sessions pages).
 */
type PageModule = {
  default: React.ComponentType;
  handle?: RouteHandle;
  createLoader?: (queryClient: QueryClient) => NonNullable<RouteObject['loader']>;
};

/**
 * A page loaded when first visited. A page of the signed-in workspace (profiles, blueprints, series) also waits
 * for the workspace strings, which the public pages do not carry (lib/i18n); so do the two pages a visitor reaches
 * only from elsewhere (the identity provider's callback, the mailed e-mail link), whose strings live there too.
 */
function lazyPage(
  queryClient: QueryClient,
  load: () => Promise<PageModule>,
  { workspace = false }: { workspace?: boolean } = {},
) {
  return async () => {
    const [page] = await Promise.all([load(), workspace ? loadWorkspaceStrings() : undefined]);
    return {
      Component: page.default,
      loader: page.createLoader?.(queryClient),
      handle: page.handle,
    };
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home.path,
      Component: AppLayout,
      HydrateFallback: AppLoading,
      // Only when the shell itself cannot load (config or session); a page's failure is caught below.
      ErrorBoundary: RootError,
      // Every page shows the server's runtime config (e.g. the version) and who is signed in (the
      // sidebar's profile slot), so both are loaded before any page.
      loader: async () => {
        // The loader pattern of DESIGN.md: fill the cache, the page reads the same query.
        await Promise.all([
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
          queryClient.ensureQueryData(configQueryOptions()),
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
          queryClient.ensureQueryData(currentUserQueryOptions()),
        ]);
        return null;
      },
      children: [
        {
          // Pathless: a page's failure shows inside the shell (sidebar, header, palette), which keeps working.
          id: 'pages',
          ErrorBoundary: RouteError,
          children: pageRoutes(queryClient),
        },
      ],
    },
  ];
}

/** Every page, below the shell. */
function pageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      handle: { titleKey: 'pageTitles.home' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/home/routes/home')),
    },
    {
      path: questboardPaths.questboard.path,
      handle: { titleKey: 'pageTitles.questboard' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/questboard/routes/questboard')),
    },
    {
      path: questboardPaths.series.path,
      handle: { titleKey: 'pageTitles.series' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/questboard/routes/series')),
    },
    {
      path: paths.signIn.path,
      handle: { titleKey: 'pageTitles.signIn' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/sign-in')),
    },
    {
      path: paths.signUp.path,
      handle: { titleKey: 'pageTitles.signUp' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/sign-up')),
    },
    {
      path: paths.forgotPassword.path,
      handle: { titleKey: 'pageTitles.forgotPassword' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/forgot-password')),
    },
    {
      path: paths.resetPassword.path,
      handle: { titleKey: 'pageTitles.resetPassword' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/reset-password')),
    },
    {
      path: paths.verifyEmail.path,
      handle: { titleKey: 'pageTitles.verifyEmail' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/verify-email'), {
        workspace: true,
      }),
    },
    {
      path: paths.callback.path,
      handle: { titleKey: 'pageTitles.callback' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/callback'), {
        workspace: true,
      }),
    },
    {
      path: paths.dashboard.path,
      handle: { titleKey: 'pageTitles.dashboard' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/dashboard/routes/dashboard'), {
        workspace: true,
      }),
    },
    {
      path: paths.account.path,
      handle: { titleKey: 'pageTitles.account' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/accounts/routes/account'), {
        workspace: true,
      }),
    },
    {
      path: paths.profile.path,
      handle: { titleKey: 'pageTitles.profile' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/profiles/routes/profile'), {
        workspace: true,
      }),
    },
    {
      path: paths.profileById.path,
      handle: { titleKey: 'pageTitles.profile' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/profiles/routes/profile'), {
        workspace: true,
      }),
    },
    {
      path: blueprintPaths.blueprints.path,
      handle: { titleKey: 'pageTitles.activityBlueprints' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/blueprints/routes/blueprints'), {
        workspace: true,
      }),
    },
    {
      path: blueprintPaths.blueprint.path,
      handle: { titleKey: 'pageTitles.blueprint' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/blueprints/routes/blueprint'), {
        workspace: true,
      }),
    },
    {
      path: blueprintPaths.parts.path,
      handle: { titleKey: 'pageTitles.activityBlueprintParts' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/blueprints/routes/parts'), {
        workspace: true,
      }),
    },
    {
      path: blueprintPaths.part.path,
      handle: { titleKey: 'pageTitles.part' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/blueprints/routes/part'), {
        workspace: true,
      }),
    },
    {
      path: seriesPaths.mySeries.path,
      handle: { titleKey: 'pageTitles.mySeries' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/series/routes/my-series'), {
        workspace: true,
      }),
    },
    {
      path: seriesPaths.create.path,
      handle: { titleKey: 'pageTitles.createSeries' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/series/routes/create-series'), {
        workspace: true,
      }),
    },
    {
      path: applicationPaths.seriesApplications.path,
      handle: { titleKey: 'pageTitles.seriesApplications' } satisfies RouteHandle,
      lazy: lazyPage(
        queryClient,
        () => import('@/features/applications/routes/series-applications'),
        { workspace: true },
      ),
    },
    {
      path: applicationPaths.myGames.path,
      handle: { titleKey: 'pageTitles.myGames' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/applications/routes/my-games'), {
        workspace: true,
      }),
    },
    {
      path: applicationPaths.myApplications.path,
      handle: { titleKey: 'pageTitles.myApplications' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/applications/routes/my-applications'), {
        workspace: true,
      }),
    },
    {
      // The card provider's return address and the receipt (spec §2; decisions.md "Commerce" §1).
      path: '/checkout/success',
      handle: { titleKey: 'checkout.pageTitles.success' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/commerce/routes/checkout-success'), {
        workspace: true,
      }),
    },
    // The sessions pages: one module for the five, one entry in the shell's first load, each page naming its
    // own title (see routes/sessions.tsx).
    ...sessionPaths.map((path, index) => ({
      path,
      lazy: lazyPage(
        queryClient,
        () =>
          import('@/features/sessions/routes/sessions').then((module) =>
            module.loadSessionPage(index),
          ),
        { workspace: true },
      ),
    })),
    {
      path: notificationsPath,
      handle: { titleKey: 'notifications.pageTitles.notifications' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/notifications/routes/notifications'), {
        workspace: true,
      }),
    },
    {
      // The notification e-mails' unsubscribe link: public, it asks for no sign-in (issue 18).
      path: unsubscribePath,
      handle: { titleKey: 'notifications.pageTitles.unsubscribe' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/notifications/routes/unsubscribe'), {
        workspace: true,
      }),
    },
    {
      path: seriesPaths.series.path,
      handle: { titleKey: 'pageTitles.series' } satisfies RouteHandle,
      lazy: lazyPage(queryClient, () => import('@/features/series/routes/series'), {
        workspace: true,
      }),
    },
    {
      path: '*',
      handle: { titleKey: 'pageTitles.notFound' } satisfies RouteHandle,
      // Not lazy: the error screen shows it too, so it is in the main bundle anyway.
      Component: NotFoundRoute,
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
