import { describe, expect, it } from 'vitest';
import { pickSide, swapped } from './swap-pair.ts';

describe('swap pair', () => {
  const pair = { from: 'spot', to: 'futures' };

  it('changes the side picked and keeps the other', () => {
    expect(pickSide(pair, 'from', 'earn')).toEqual({ from: 'earn', to: 'futures' });
    expect(pickSide(pair, 'to', 'earn')).toEqual({ from: 'spot', to: 'earn' });
  });

  it('swaps the sides when the pick is what the other side holds', () => {
    expect(pickSide(pair, 'from', 'futures')).toEqual({ from: 'futures', to: 'spot' });
    expect(pickSide(pair, 'to', 'spot')).toEqual({ from: 'futures', to: 'spot' });
  });

  it('turns the pair round', () => {
    expect(swapped(pair)).toEqual({ from: 'futures', to: 'spot' });
  });
});
