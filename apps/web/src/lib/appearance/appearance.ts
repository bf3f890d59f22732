/**
 * The user's appearance choices: the theme (follow the system, light or dark) and the colour convention of
 * price moves (green up / red down, or red up / green down as in mainland China, Hong Kong, Japan and Korea).
 * Pure: what is stored, what it means and which attributes the page gets. `public/appearance-boot.js` applies the
 * same attributes before the app's scripts run, so the first paint already has the right theme.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const CONVENTIONS = ['green-up', 'red-up'] as const;
export type ColorConvention = (typeof CONVENTIONS)[number];

export interface Appearance {
  theme: ThemeChoice;
  colors: ColorConvention;
}

export const DEFAULT_APPEARANCE: Appearance = { theme: 'system', colors: 'green-up' };

/** The stored JSON, tolerating anything a user or an older version left behind. */
export function parseAppearance(stored: string | null): Appearance {
  let raw: unknown = null;
  try {
    raw = stored ? JSON.parse(stored) : null;
  } catch {
    raw = null;
  }
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    theme: THEMES.includes(o.theme as ThemeChoice) ? (o.theme as ThemeChoice) : DEFAULT_APPEARANCE.theme,
    colors: CONVENTIONS.includes(o.colors as ColorConvention)
      ? (o.colors as ColorConvention)
      : DEFAULT_APPEARANCE.colors,
  };
}

/** The theme the page shows: the explicit choice, or the system's when the user follows it. */
export function resolvedTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/**
 * The attributes on <html>: `data-theme` and `data-colors` select the app's CSS variables,
 * `data-prefers-color-scheme` turns on antd-mobile's dark variables.
 */
export function htmlAttributes(a: Appearance, systemDark: boolean): Record<string, string> {
  const theme = resolvedTheme(a.theme, systemDark);
  return { 'data-theme': theme, 'data-prefers-color-scheme': theme, 'data-colors': a.colors };
}
