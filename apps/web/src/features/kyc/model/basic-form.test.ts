import { describe, expect, it } from 'vitest';
import { checkBasic } from './basic-form.ts';

const valid = { realName: 'Anna Müller', idNumber: 'C01X00T47', country: 'de', documentType: 'id_card' as const };

describe('checkBasic', () => {
  it('accepts a complete form and normalizes the country', () => {
    expect(checkBasic(valid)).toEqual({ ok: true, value: { ...valid, country: 'DE' } });
  });

  it('names every wrong field with a kyc-namespace key', () => {
    const r = checkBasic({ realName: '', idNumber: '#1', country: '', documentType: 'id_card' });
    expect(r).toEqual({
      ok: false,
      errors: {
        realName: 'kyc:errors.nameEmpty',
        idNumber: 'kyc:errors.idNumberFormat',
        country: 'kyc:errors.countryEmpty',
      },
    });
  });

  it('refuses a name of digits', () => {
    const r = checkBasic({ ...valid, realName: '12345' });
    expect(r.ok ? null : r.errors.realName).toBe('kyc:errors.nameFormat');
  });
});
