import 'antd-mobile/es/global';
import './app/styles.css';
// the stored theme and colour convention, kept on <html> (appearance-boot.js set them before this ran)
import './lib/appearance/store.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { setUpPwa } from './lib/pwa.ts';
import { afterPaint, nextTask } from './lib/scheduling.ts';

setUpPwa(); // installable app: service worker + install prompt
const container = document.getElementById('root')!;
const root = createRoot(container);

/** Resolves once the router has loaded the opened screen (or its error): its first render is then complete. */
function screenReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The page's frame is painted first: the screen's modules and texts then run after that paint instead of delaying it.
void afterPaint().then(async () => {
  // The router starts fetching the opened screen's chunk (in the next task), while the texts load beside it.
  const router = createAppRouter();
  // The start-up language in a task of its own, after the router's creation has asked for the screen's on-demand
  // texts (which it then loads in that language too): shorter tasks.
  await nextTask();
  await Promise.all([initI18n(), screenReady(router)]);
  // the screen's modules have just run: render in a task of its own, not in theirs (shorter blocking tasks)
  await nextTask();
  // The page shows a frame of the screen until then (the boot header, or the server's start-up page for the
  // first screens, apps/web/build/route-shells.ts): the app replaces it in one render, reusing none of its nodes.
  container.replaceChildren();
  root.render(<App router={router} />);
});
