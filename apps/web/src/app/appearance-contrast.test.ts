import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Contrast of the dark theme's colours in styles.css (WCAG 2 relative luminance): body text, muted text, the
 * accent and the rise / fall colours must stay readable (≥ 4.5:1) on both the page and the cards.
 */
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--tm-[\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('dark theme contrast', () => {
  const dark = block("html[data-theme='dark']");

  it.each(['--tm-text', '--tm-muted', '--tm-accent', '--tm-green', '--tm-red', '--tm-warn-text'])(
    '%s is readable on the page and on the cards',
    (name) => {
      for (const ground of ['--tm-bg', '--tm-card']) {
        expect(contrast(dark[name]!, dark[ground]!), `${name} on ${ground}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('the warning text is readable on its own background', () => {
    expect(contrast(dark['--tm-warn-text']!, dark['--tm-warn-bg']!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the light theme the dark one replaces is checked the same way', () => {
    const light = block(':root');
    expect(contrast(light['--tm-text']!, light['--tm-card']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--tm-muted']!, light['--tm-card']!)).toBeGreaterThanOrEqual(4.5);
  });
});
