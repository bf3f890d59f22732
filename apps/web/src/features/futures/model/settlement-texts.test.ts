import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../settlement-texts');
const LOCALES = ['en_us', 'zh_cn', 'zh_hk', 'de', 'fr', 'jp', 'kr', 'tr'];

function flatten(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}
const keysOf = (locale: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(dir, `settlement-${locale}.json`), 'utf8')));

describe('settlement page texts (loaded with the page)', () => {
  it('has every key of en_us, non-empty, in all eight languages', () => {
    const reference = keysOf('en_us').sort();
    expect(reference).toContain('formulaText.bankruptcyPrice');
    for (const locale of LOCALES) {
      expect(keysOf(locale).sort(), locale).toEqual(reference);
      const tree = JSON.parse(fs.readFileSync(path.join(dir, `settlement-${locale}.json`), 'utf8'));
      for (const k of reference) {
        const value = k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree);
        expect(typeof value === 'string' && value.trim().length > 0, `${locale}: ${k}`).toBe(true);
      }
    }
  });
});
