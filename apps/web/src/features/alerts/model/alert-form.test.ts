import { describe, expect, it } from 'vitest';
import { alertBody, type AlertDraft } from './alert-form.ts';

const draft: AlertDraft = {
  symbol: 'BTCUSDT',
  kind: 'above',
  price: ' 64210.5 ',
  percent: '5',
  window: '1h',
  email: true,
  push: false,
};

describe('the alert form body', () => {
  it('sends a crossing alert with its price only', () => {
    expect(alertBody(draft)).toEqual({ symbol: 'BTCUSDT', kind: 'above', price: '64210.5', email: true, push: false });
  });
  it('sends a move alert with its percentage and window only', () => {
    expect(alertBody({ ...draft, kind: 'move' })).toEqual({
      symbol: 'BTCUSDT',
      kind: 'move',
      percent: '5',
      window: '1h',
      email: true,
      push: false,
    });
  });
});
