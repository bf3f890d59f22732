import { Outlet } from 'react-router-dom';
import { useRouteDef } from '../Shell.tsx';
import { NavBar } from './NavBar.tsx';

/** A standalone screen: nav bar with back arrow, then the content. */
export function PageLayout() {
  const def = useRouteDef();
  return (
    <div className="layout layout--page">
      {!def?.hideNav && <NavBar />}
      <main className="layout__content">
        <Outlet />
      </main>
    </div>
  );
}
