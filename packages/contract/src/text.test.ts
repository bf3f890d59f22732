import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField, LoginRequest } from './account.ts';
import { asciiText, carriesTextRule, identifier, text, TEXT_MAX } from './text.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('text()', () => {
  it('refuses NUL and every other control character, naming the rule', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(firstMessage(text(), `a${c}b`)).toBe('validation.forbiddenCharacters');
      expect(firstMessage(text({ multiline: true }), `a${c}b`)).toBe('validation.forbiddenCharacters');
    }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    for (const c of ['\n', '\r', '\t', '\u2028']) {
      expect(text().safeParse(`a${c}b`).success).toBe(false);
    }
    expect(text({ multiline: true }).parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
  });

  it('refuses lone surrogates and noncharacters but keeps emoji and other scripts', () => {
    expect(text().safeParse('a\ud800b').success).toBe(false);
    expect(text().safeParse('a\uffffb').success).toBe(false);
    expect(text().parse('  你好 👩‍💻 Grüße  ')).toBe('你好 👩‍💻 Grüße');
  });

  it('refuses an over-long value with zod too_big (the server words it with the maximum)', () => {
    expect(text().safeParse('x'.repeat(TEXT_MAX)).success).toBe(true);
    const issue = text().safeParse('x'.repeat(TEXT_MAX + 1)).error?.issues[0];
    expect(issue?.code).toBe('too_big');
    expect(text({ max: 5000, multiline: true }).safeParse('y'.repeat(5000)).success).toBe(true);
  });

  it('keeps a password untouched when asked not to trim', () => {
    expect(text({ trim: false }).parse(' pass ')).toBe(' pass ');
  });
});

describe('identifier()', () => {
  it('normalizes to NFC so one identifier has one spelling', () => {
    const decomposed = 'jose\u0301@example.com';
    expect(emailField.parse(decomposed)).toBe('jos\u00e9@example.com');
    expect(identifier().parse('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('refuses invisible characters that would make two identifiers look alike', () => {
    for (const c of ['\u200b', '\u200d', '\u202e', '\u2066', '\ufeff', '\u00ad', '\u3164', '\ufe0f']) {
      expect(firstMessage(identifier(), `ab${c}c`)).toBe('validation.forbiddenCharacters');
    }
  });

  it('lower-cases e-mail and refuses NUL at the login', () => {
    expect(emailField.parse(' Alice@Example.COM ')).toBe('alice@example.com');
    const r = LoginRequest.safeParse({ account: 'a\u0000@x.com', password: 'x' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['account'], message: 'validation.forbiddenCharacters' });
  });
});

describe('asciiText()', () => {
  it('refuses look-alike letters from other scripts (a Cyrillic "а" in an address)', () => {
    expect(asciiText().parse(' 0xAbC ')).toBe('0xAbC');
    expect(firstMessage(asciiText(), '0x\u0430bc')).toBe('validation.forbiddenCharacters');
    expect(firstMessage(asciiText(), '０xabc')).toBe('validation.forbiddenCharacters');
  });
});

describe('carriesTextRule', () => {
  it('recognizes the rule through derived schemas and refuses a bare string', () => {
    expect(carriesTextRule(text().min(3).regex(/x/))).toBe(true);
    expect(carriesTextRule(identifier().toUpperCase())).toBe(true);
    expect(carriesTextRule(z.string().max(10))).toBe(false);
    expect(carriesTextRule(z.string().refine((v) => !v.includes('\0')))).toBe(false);
  });
});
