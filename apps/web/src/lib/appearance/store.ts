import { create } from 'zustand';
import { readStored, StorageKey, writeStored } from '../storage.ts';
import { htmlAttributes, parseAppearance, type Appearance } from './appearance.ts';

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function apply(a: Appearance): void {
  if (typeof document === 'undefined') return;
  const attrs = htmlAttributes(a, darkQuery()?.matches ?? false);
  for (const [name, value] of Object.entries(attrs)) document.documentElement.setAttribute(name, value);
}

interface AppearanceState extends Appearance {
  set(change: Partial<Appearance>): void;
}

/** The appearance choices, stored under APPEARANCE and applied to <html> on every change. */
export const useAppearance = create<AppearanceState>((set, get) => ({
  ...parseAppearance(readStored(StorageKey.APPEARANCE)),
  set(change) {
    const next = { theme: change.theme ?? get().theme, colors: change.colors ?? get().colors };
    writeStored(StorageKey.APPEARANCE, JSON.stringify(next));
    apply(next);
    set(next);
  },
}));

// a user who follows the system sees the page change with it
darkQuery()?.addEventListener('change', () => apply(useAppearance.getState()));
apply(useAppearance.getState());
