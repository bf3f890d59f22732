import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { getToken } from '../lib/storage.ts';
import { loadChunk } from '../lib/lazy.ts';
import { loadTexts } from '../lib/i18n.ts';
import { nextTask } from '../lib/scheduling.ts';
import { mergeRoutes } from './merge-routes.ts';
import type { RouteDef, RouteHandle } from '../lib/route-def.ts';
import { featureRoutes } from './routes.ts';
import { Shell } from './Shell.tsx';
import { TabLayout } from './layout/TabLayout.tsx';
import { PageLayout } from './layout/PageLayout.tsx';
import { RouteError } from './RouteError.tsx';

const comingSoon = () => import('./pages/ComingSoonPage.tsx');

function toRouteObject(def: RouteDef): RouteObject {
  const handle: RouteHandle = { def };
  return {
    path: def.path,
    handle,
    // Router guard of spec §6: these screens need a token, everything else is open.
    loader: def.guard === 'auth' ? () => (getToken() ? null : redirect('/login')) : undefined,
    lazy: async () => {
      // The texts are asked for at once: on a first visit the start-up language (main.tsx) is loaded right after
      // the router is created, with the on-demand namespaces asked for by then.
      const texts = def.texts ? loadTexts(def.texts) : undefined;
      // The screen's chunk in a task after the router's creation (or the tap): fetching it inserts a preload link
      // per chunk it imports, about a millisecond each in the traces measured, which would lengthen that task.
      await nextTask();
      const [screen] = await Promise.all([loadChunk(def.load), texts]);
      return { Component: screen.default };
    },
    errorElement: <RouteError />,
  };
}

export function createAppRouter() {
  const routes = mergeRoutes(featureRoutes, comingSoon);
  const notFound: RouteDef = {
    path: '*',
    index: 999,
    titleKey: 'common:nav.notFound',
    load: () => import('./pages/NotFoundPage.tsx'),
  };
  return createBrowserRouter([
    {
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        { index: true, loader: () => redirect('/home') },
        { element: <TabLayout />, children: routes.filter((r) => r.tab).map(toRouteObject) },
        { element: <PageLayout />, children: [...routes.filter((r) => !r.tab), notFound].map(toRouteObject) },
      ],
    },
  ]);
}
