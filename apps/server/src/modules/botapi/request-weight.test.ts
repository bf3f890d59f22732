import { describe, expect, it } from 'vitest';
import { loadBotApiLimits } from './request-weight.ts';

describe('bot API limits', () => {
  it('reads the limits from the environment and refuses a bad value', () => {
    expect(loadBotApiLimits({})).toEqual({ weightPerMinute: 6000, ordersPer10s: 100 });
    expect(loadBotApiLimits({ BOTAPI_WEIGHT_PER_MINUTE: '1200', BOTAPI_ORDERS_PER_10S: '50' })).toEqual({
      weightPerMinute: 1200,
      ordersPer10s: 50,
    });
    expect(() => loadBotApiLimits({ BOTAPI_WEIGHT_PER_MINUTE: '0' })).toThrow(/BOTAPI_WEIGHT_PER_MINUTE/);
    expect(() => loadBotApiLimits({ BOTAPI_ORDERS_PER_10S: '1.5' })).toThrow(/BOTAPI_ORDERS_PER_10S/);
  });
});
