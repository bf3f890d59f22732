import { z } from 'zod';
import { ANTI_PHISHING_RULE } from './account-rules.ts';
import { text } from './text.ts';

/**
 * Account protection shared by server and web (docs/decisions/0012): the anti-phishing code the
 * user sets in the security centre, and what the security centre shows of it.
 */

/** Setting or changing the code is proven by the login password (a borrowed session is not enough). */
export const AntiPhishingSetRequest = z.object({
  code: text({ message: 'security.antiPhishingRule', max: 20 }).regex(ANTI_PHISHING_RULE, 'security.antiPhishingRule'),
  password: text({ message: 'account.passwordEmpty', trim: false, max: 200 }).min(1, 'account.passwordEmpty'),
});
export type AntiPhishingSetRequest = z.input<typeof AntiPhishingSetRequest>;

/** The code as the UI shows it: first and last character, the rest masked ("A****9"). */
export function maskAntiPhishingCode(code: string): string {
  if (code.length <= 2) return '*'.repeat(code.length);
  return `${code[0]}${'*'.repeat(code.length - 2)}${code[code.length - 1]}`;
}

/** What the security centre shows: whether a code is set and its masked form. */
export type AntiPhishingView = { set: boolean; masked: string | null };
