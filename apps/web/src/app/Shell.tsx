import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { registerNavigator } from '../lib/navigation.ts';
import { transitionDirection, type Direction } from './merge-routes.ts';
import type { RouteHandle } from '../lib/route-def.ts';
import { ChunkFailurePrompt } from './ChunkFailurePrompt.tsx';

/** The current screen's route definition (deepest match with a handle). */
export function useRouteDef() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h?.def) return h.def;
  }
  return undefined;
}

/**
 * The root of every screen: hands the router to code outside React, and slides a new screen in
 * from the right when its ordering index is higher than the last one, from the left when lower.
 */
export function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const def = useRouteDef();

  useEffect(() => registerNavigator((to, opts) => void navigate(to, opts)), [navigate]);

  // Derived state: recomputed once per navigation, safe under StrictMode's double render.
  const [slide, setSlide] = useState<{ path: string; index: number | undefined; dir: Direction }>({
    path: location.pathname,
    index: def?.index,
    dir: 'none',
  });
  if (slide.path !== location.pathname) {
    setSlide({ path: location.pathname, index: def?.index, dir: transitionDirection(slide.index, def?.index) });
  }

  return (
    <>
      <div key={location.pathname} className={`screen screen--${slide.dir}`}>
        <Outlet />
      </div>
      <ChunkFailurePrompt />
    </>
  );
}
