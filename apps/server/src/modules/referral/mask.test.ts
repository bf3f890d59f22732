import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask.ts';

describe('maskAccount', () => {
  it('keeps the start of an e-mail and its domain', () => {
    expect(maskAccount({ email: 'jonathan@example.com', phone: null, phoneCountry: null })).toBe('jo***@example.com');
    expect(maskAccount({ email: 'ab@example.com', phone: null, phoneCountry: null })).toBe('a***@example.com');
  });
  it('keeps the country and the last four digits of a phone', () => {
    expect(maskAccount({ email: null, phone: '5551234567', phoneCountry: '1' })).toBe('+1 ******4567');
    expect(maskAccount({ email: null, phone: '12345', phoneCountry: '44' })).toBe('+44 ***2345');
  });
  it('prefers the e-mail when both are bound', () => {
    expect(maskAccount({ email: 'zoe@x.io', phone: '5551234567', phoneCountry: '1' })).toBe('zo***@x.io');
  });
});
