import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@tidemark/contract/locales';
import { flattenMessages, type MessageTree } from '@tidemark/contract/message-tree';

/**
 * The console's strings: en_us is the reference, zh_cn is complete too, the other six may leave keys
 * to the en_us fallback but hold none en_us lacks; every key the code names exists in en_us.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');
const SRC = path.resolve(import.meta.dirname, '..');
const COMPLETE = ['zh_cn'];

const read = (locale: string): MessageTree =>
  JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, 'admin.json'), 'utf8')) as MessageTree;

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const reference = flattenMessages(read('en_us'));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('console locale files', () => {
  it.each(COMPLETE)('%s has every key of en_us, with the same placeholders', (locale) => {
    const keys = flattenMessages(read(locale));
    expect([...reference.keys()].filter((k) => !keys.get(k))).toEqual([]);
    for (const [k, v] of reference) expect(placeholders(keys.get(k)!), k).toEqual(placeholders(v));
  });

  it.each(LOCALES.filter((l) => l !== 'en_us'))('%s holds no key en_us lacks and keeps its placeholders', (locale) => {
    const keys = flattenMessages(read(locale));
    expect([...keys.keys()].filter((k) => !reference.has(k))).toEqual([]);
    for (const [k, v] of keys) expect(placeholders(v), k).toEqual(placeholders(reference.get(k) ?? ''));
  });

  it('names no key in the code that en_us lacks', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !reference.has(k))).toEqual([]);
  });
});
