import { describe, expect, it } from 'vitest';
import { assetOptions, initialChoice, switchCurrency } from './asset-choice.ts';

const assets = [
  { currency: 'USDT', chains: [{ chain: 'ERC20' }, { chain: 'TRC20' }] },
  { currency: 'BTC', chains: [{ chain: 'BTC' }] },
  { currency: 'ETH', chains: [{ chain: 'ERC20' }] },
];

describe('asset choice', () => {
  it('starts on the currency and chain asked for, when they exist', () => {
    expect(initialChoice(assets, 'USDT', 'TRC20')).toEqual({ currency: 'USDT', chain: 'TRC20' });
    expect(initialChoice(assets, 'BTC')).toEqual({ currency: 'BTC', chain: 'BTC' });
  });

  it('falls back to the first currency and its first chain', () => {
    expect(initialChoice(assets, 'DOGE', 'SOL')).toEqual({ currency: 'USDT', chain: 'ERC20' });
    expect(initialChoice(assets, 'BTC', 'TRC20')).toEqual({ currency: 'BTC', chain: 'BTC' });
    expect(initialChoice([], 'BTC')).toEqual({ currency: '', chain: '' });
  });

  it('keeps the chain across a switch when the new currency has it', () => {
    expect(switchCurrency(assets, { currency: 'USDT', chain: 'ERC20' }, 'ETH')).toEqual({
      currency: 'ETH',
      chain: 'ERC20',
    });
    expect(switchCurrency(assets, { currency: 'USDT', chain: 'TRC20' }, 'ETH')).toEqual({
      currency: 'ETH',
      chain: 'ERC20',
    });
    expect(switchCurrency(assets, { currency: 'ETH', chain: 'ERC20' }, 'BTC')).toEqual({
      currency: 'BTC',
      chain: 'BTC',
    });
  });

  it('has no chain for a currency without chains (a transfer between wallets)', () => {
    expect(initialChoice([{ currency: 'USDT' }], 'USDT')).toEqual({ currency: 'USDT', chain: '' });
  });
});

describe('asset options', () => {
  it('names a currency by code and name, with its icon', () => {
    expect(assetOptions([{ currency: 'BTC', name: 'Bitcoin', coinType: 0 }, { currency: 'USDT' }])).toEqual([
      { value: 'BTC', label: 'BTC · Bitcoin', coinType: 0 },
      { value: 'USDT', label: 'USDT' },
    ]);
  });
});
