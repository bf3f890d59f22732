import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@tidemark/contract';

/**
 * Fonts for the share cards. satori reads TTF/OTF/WOFF (not WOFF2), and one card carries few characters, so the
 * card takes, per family, only the unicode-range subsets of the @fontsource Noto Sans packages (SIL Open Font
 * Licence 1.1) that hold a character of its text: Noto Sans for Latin (the European locales, digits, Turkish
 * letters in latin-ext), Noto Sans JP / KR / SC / TC for Japanese, Korean, simplified and traditional Chinese.
 */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

interface Family {
  /** the @fontsource package */
  pkg: string;
  name: string;
}

const LATIN: Family = { pkg: 'noto-sans', name: 'Noto Sans' };
const CJK: Partial<Record<Locale, Family>> = {
  jp: { pkg: 'noto-sans-jp', name: 'Noto Sans JP' },
  kr: { pkg: 'noto-sans-kr', name: 'Noto Sans KR' },
  zh_cn: { pkg: 'noto-sans-sc', name: 'Noto Sans SC' },
  zh_hk: { pkg: 'noto-sans-tc', name: 'Noto Sans TC' },
};

const require = createRequire(import.meta.url);
const rangesCache = new Map<string, Array<{ subset: string; ranges: Array<[number, number]> }>>();
const fileCache = new Map<string, Buffer>();

function packageDir(pkg: string): string {
  return path.dirname(require.resolve(`@fontsource/${pkg}/unicode.json`));
}

/** The subsets of a family with their code point ranges (unicode.json: {"[12]": "U+4e00-4e3f,U+5000", "latin": …}). */
function subsetsOf(pkg: string) {
  let out = rangesCache.get(pkg);
  if (!out) {
    const table = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    out = Object.entries(table).map(([key, value]) => ({
      subset: key.replace(/^\[(\d+)\]$/, '$1'),
      ranges: value.split(',').map((part) => {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        const a = parseInt(from!, 16);
        return [a, to ? parseInt(to, 16) : a] as [number, number];
      }),
    }));
    rangesCache.set(pkg, out);
  }
  return out;
}

function load(pkg: string, subset: string, weight: 400 | 700): Buffer {
  const file = path.join(packageDir(pkg), 'files', `${pkg}-${subset}-${weight}-normal.woff`);
  let data = fileCache.get(file);
  if (!data) {
    data = fs.readFileSync(file);
    fileCache.set(file, data);
  }
  return data;
}

/** The fonts that draw every character of `text` in the locale's script (Latin always, for digits and codes). */
export function fontsFor(locale: Locale, text: string): CardFont[] {
  const points = new Set<number>();
  for (const ch of text) if (ch.codePointAt(0)! > 0x20) points.add(ch.codePointAt(0)!);
  const families = [LATIN, ...(CJK[locale] ? [CJK[locale]] : [])];
  const fonts: CardFont[] = [];
  for (const family of families) {
    for (const { subset, ranges } of subsetsOf(family.pkg)) {
      const used = [...points].some((p) => ranges.some(([a, b]) => p >= a && p <= b));
      // Latin's basic subset always: the card's figures and the invite code are drawn with it
      if (!used && !(family === LATIN && subset === 'latin')) continue;
      for (const weight of [400, 700] as const)
        fonts.push({
          // one name per subset: satori keeps one font per name, weight and style, and falls back across names
          name: subset === 'latin' ? family.name : `${family.name} ${subset}`,
          data: load(family.pkg, subset, weight),
          weight,
          style: 'normal',
        });
    }
  }
  return fonts;
}
