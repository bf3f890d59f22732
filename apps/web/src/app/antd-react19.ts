import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast, Dialog and friends with the React 18 `render` API, which React 19
 * removed: without this, they silently show nothing (DESIGN.md §9). Imported first by main.tsx.
 */
type Container = (Element | DocumentFragment) & { __tidemarkRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__tidemarkRoot ??= createRoot(container);
  const root = container.__tidemarkRoot;
  root.render(node);
  return async () => {
    // let the closing animation finish its frame before unmounting
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__tidemarkRoot;
  };
});
