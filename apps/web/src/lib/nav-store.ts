import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';

/**
 * What a screen tells the nav bar beyond its route's title: a dynamic title (a coin's pair name)
 * and an icon shown beside the title (the coin icon of spec §2). Both clear when the screen leaves.
 */
interface NavState {
  title: string | null;
  icon: ReactNode;
  set(patch: Partial<Pick<NavState, 'title' | 'icon'>>): void;
}

export const useNavStore = create<NavState>((set) => ({
  title: null,
  icon: null,
  set: (patch) => set(patch),
}));

/** Replaces the route's translated title while the calling screen is shown. */
export function useNavTitle(title: string | null | undefined): void {
  const setNav = useNavStore((s) => s.set);
  useEffect(() => {
    setNav({ title: title ?? null });
    return () => setNav({ title: null });
  }, [title, setNav]);
}

/** Shows an icon (e.g. `<CoinIcon coinType={1} />`) beside the title while the calling screen is shown. */
export function useNavIcon(icon: ReactNode): void {
  const setNav = useNavStore((s) => s.set);
  useEffect(() => {
    setNav({ icon });
    return () => setNav({ icon: null });
  }, [icon, setNav]);
}
