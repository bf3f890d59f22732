import { z } from 'zod';
import { hasForbiddenCharacters, hasInvisibleCharacters } from './text-rules.ts';

/**
 * The one rule every string of every request obeys. A string field is built with `text()` (or one
 * of its narrower forms below), never with a bare `z.string()`: a test walks every route's schema
 * and fails on a string that does not carry this rule.
 *
 * Why at validation and not deeper: PostgreSQL refuses NUL (0x00) in text, so a NUL that reaches a
 * query is a 500; other control characters forge log lines and break the screens that show the
 * value back. Over-long values cost memory and storage for nothing. Refusing them with a localized
 * 400 before a handler runs keeps every handler from having to think about it.
 */

// The character rules themselves live without zod in text-rules.ts, which the web forms also read.
export { hasForbiddenCharacters, hasInvisibleCharacters } from './text-rules.ts';

/** Default longest single-line value; names, codes, ids and addresses fit well inside it. */
export const TEXT_MAX = 200;
/** Longest multi-line plain text (ticket and chat bodies, reasons). */
export const LONG_TEXT_MAX = 5_000;
/** Longest rich text (an operator's article body in HTML). */
export const RICH_TEXT_MAX = 200_000;

/**
 * The message key of a refused character (localized by the server, mapped by the apps). An over-long
 * value is zod's own too_big issue, which the server words as 'validation.tooLong' with the maximum.
 */
export const TEXT_MESSAGES = { forbiddenCharacters: 'validation.forbiddenCharacters' } as const;

// The checks are created once: a schema built from text() keeps these very instances (zod copies
// the list of checks into every derived schema), which is how `carriesTextRule` recognizes it.
const singleLineCheck = z.refine<string>((v) => !hasForbiddenCharacters(v, false), {
  message: TEXT_MESSAGES.forbiddenCharacters,
  abort: true,
});
const multiLineCheck = z.refine<string>((v) => !hasForbiddenCharacters(v, true), {
  message: TEXT_MESSAGES.forbiddenCharacters,
  abort: true,
});
const visibleCheck = z.refine<string>((v) => !hasInvisibleCharacters(v), {
  message: TEXT_MESSAGES.forbiddenCharacters,
  abort: true,
});
const TEXT_RULE_CHECKS = new Set<unknown>([singleLineCheck, multiLineCheck]);

export interface TextOptions {
  /** Longest accepted value after trimming (default TEXT_MAX). */
  max?: number;
  /** Allows tab and line breaks (ticket and chat bodies, reasons, article bodies). */
  multiline?: boolean;
  /** Trims surrounding white space first (default true; false for passwords, whose every character counts). */
  trim?: boolean;
  /** Message key when the value is missing or not a string. */
  message?: string;
}

/**
 * A string field under the shared rule: trimmed, at most `max` characters, no control characters
 * (tab and line breaks only when multi-line), no lone surrogates. Chain further rules after it.
 */
export function text(options: TextOptions = {}): z.ZodString {
  const { max = TEXT_MAX, multiline = false, trim = true, message } = options;
  let s = message ? z.string(message) : z.string();
  if (trim) s = s.trim();
  return s.max(max, { abort: true }).check(multiline ? multiLineCheck : singleLineCheck);
}

/**
 * An identifier a person types and the platform compares (e-mail, phone, account, invite code,
 * names of things): the shared rule, Unicode NFC so that one identifier has one spelling, and no
 * invisible characters, so that two identifiers that look the same are the same.
 */
export function identifier(options: Omit<TextOptions, 'multiline'> = {}): z.ZodString {
  return text(options).normalize('NFC').check(visibleCheck);
}

/**
 * A value that is ASCII by nature (chain addresses, transaction hashes, client ids): printable ASCII
 * only, which also refuses every look-alike letter from another script.
 */
export function asciiText(options: Omit<TextOptions, 'multiline'> = {}): z.ZodString {
  return text(options).regex(/^[\x20-\x7E]*$/, TEXT_MESSAGES.forbiddenCharacters);
}

/** True when a zod string schema carries the shared rule (used by the test that walks every route). */
export function carriesTextRule(schema: z.ZodType): boolean {
  const checks = (schema as z.ZodString)._zod.def.checks ?? [];
  return checks.some((c) => TEXT_RULE_CHECKS.has(c));
}
