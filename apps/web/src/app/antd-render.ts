import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * What antd-mobile's Toast, Dialog and other imperative components render with, in place of rc-util's
 * `React/render` (vite.config.ts aliases it here for the build). rc-util's copy sniffs the React version
 * and carries Babel's regenerator runtime: about 4 KB of gzip on every screen that shows a toast, for
 * what is, on Preact, a root per container.
 */
type Container = (Element | DocumentFragment) & { __tidemarkRoot?: Root };

export function render(node: ReactNode, container: Container): void {
  container.__tidemarkRoot ??= createRoot(container);
  container.__tidemarkRoot.render(node);
}

export async function unmount(container: Container): Promise<void> {
  // let the closing animation finish its frame before the root goes
  await Promise.resolve();
  container.__tidemarkRoot?.unmount();
  delete container.__tidemarkRoot;
}

// rc-util's test-only entry points, named so the module has the same exports
export const _r = render;
export const _u = unmount;
