import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@tidemark/contract';
import { supportMessages } from './support.messages.ts';

/**
 * The chat's offline answer tells the user where the reply will be: it must name the menu entry the web
 * app shows ("My tickets"), in every language, or the user looks for a menu that does not exist.
 */
describe('the chat offline text', () => {
  it('names the web menu entry of the tickets in every locale', () => {
    for (const locale of LOCALES) {
      const file = new URL(`../../../../web/src/locales/${locale}/support.json`, import.meta.url);
      const menu = (JSON.parse(fs.readFileSync(file, 'utf8')) as { mine?: { tickets?: string } }).mine?.tickets;
      const text = supportMessages[locale]?.['support.noAgentOnline'];
      if (!menu || !text) continue; // a partial locale falls back to English for both
      expect(text, locale).toContain(menu);
    }
  });
});
