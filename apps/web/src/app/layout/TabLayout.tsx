import { Outlet } from 'react-router-dom';
import { TAB_PATHS } from '../route-table.ts';
import { useRouteDef } from '../Shell.tsx';
import { DownloadBanner } from './DownloadBanner.tsx';
import { NavBar } from './NavBar.tsx';
import { TabBar } from './TabBar.tsx';

/** The five tabs and their children: header, content, bottom tab bar. */
export function TabLayout() {
  const def = useRouteDef();
  const isTab = !!def && (TAB_PATHS as readonly string[]).includes(def.path);
  return (
    <div className="layout layout--tabs">
      <DownloadBanner />
      {!def?.hideNav && <NavBar back={!isTab} />}
      <main className="layout__content">
        <Outlet />
      </main>
      <TabBar />
    </div>
  );
}
