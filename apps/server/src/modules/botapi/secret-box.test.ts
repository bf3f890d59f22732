import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('secret box', () => {
  it('opens what it sealed, only for the key it was bound to and only under the same server key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'botapi-box-'));
    const box = SecretBox.load(dir, {});
    const sealed = box.seal('s3cret', 'key-a');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed, 'key-a')).toBe('s3cret');
    expect(() => box.open(sealed, 'key-b')).toThrow();
    // the same directory gives the same key; another directory another key
    expect(SecretBox.load(dir, {}).open(sealed, 'key-a')).toBe('s3cret');
    expect(fs.statSync(path.join(dir, 'apikey-secret.key')).mode & 0o777).toBe(0o600);
    const other = SecretBox.load(fs.mkdtempSync(path.join(os.tmpdir(), 'botapi-box-')), {});
    expect(() => other.open(sealed, 'key-a')).toThrow();
  });

  it('takes the key from APIKEY_SECRET_KEY, and refuses a malformed one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'botapi-box-'));
    const env = { APIKEY_SECRET_KEY: '0f'.repeat(32) };
    const sealed = SecretBox.load(dir, env).seal('x', 'k');
    expect(SecretBox.load(fs.mkdtempSync(path.join(os.tmpdir(), 'botapi-box-')), env).open(sealed, 'k')).toBe('x');
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(() => SecretBox.load(dir, { APIKEY_SECRET_KEY: 'short' })).toThrow(/APIKEY_SECRET_KEY/);
  });
});
