import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPLETE_LOCALES, LOCALES } from '@tidemark/contract/locales';
import { flattenMessages, type MessageTree } from '@tidemark/contract/message-tree';
import { startupLanguage } from './languages.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');
const REFERENCE = 'en_us';

function readNamespace(locale: string, ns: string): MessageTree | null {
  const file = path.join(LOCALES_DIR, locale, `${ns}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as MessageTree) : null;
}

const namespaces = fs
  .readdirSync(path.join(LOCALES_DIR, REFERENCE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('has a folder for every locale', () => {
    for (const l of LOCALES) expect(fs.existsSync(path.join(LOCALES_DIR, l)), l).toBe(true);
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const reference = flattenMessages(readNamespace(REFERENCE, ns) ?? {});

    it.each(COMPLETE_LOCALES.filter((l) => l !== REFERENCE))(
      '%s has every key of en_us, with the same placeholders',
      (locale) => {
        const tree = readNamespace(locale, ns);
        expect(tree, `src/locales/${locale}/${ns}.json is missing`).not.toBeNull();
        const keys = flattenMessages(tree ?? {});
        const missing = [...reference.keys()].filter((k) => !keys.get(k));
        expect(missing, `${locale}/${ns}.json lacks keys`).toEqual([]);
        for (const [k, v] of reference) {
          expect(placeholders(keys.get(k) ?? ''), `${locale}/${ns}.json ${k}`).toEqual(placeholders(v));
        }
      },
    );

    it('tr (partial) has no key that en_us lacks', () => {
      const keys = flattenMessages(readNamespace('tr', ns) ?? {});
      expect([...keys.keys()].filter((k) => !reference.has(k))).toEqual([]);
    });
  });
});

describe('startupLanguage', () => {
  it('rewrites the legacy zh and unknown values to en_us', () => {
    expect(startupLanguage('zh')).toBe('en_us');
    expect(startupLanguage(null)).toBe('en_us');
    expect(startupLanguage('xx')).toBe('en_us');
  });
  it('keeps a supported choice', () => {
    for (const l of LOCALES) expect(startupLanguage(l)).toBe(l);
  });
});
