import { describe, expect, it } from 'vitest';
import { ConfigError, checkDemoPricesInProduction, loadConfig } from './config.ts';

describe('simulated prices in production', () => {
  it('are refused with NODE_ENV=production, naming the setting and the way out', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PRICE_SOURCE: 'simulated' })).toThrow(
      /PRICE_SOURCE.*ALLOW_DEMO_PRICES_IN_PRODUCTION=true/,
    );
  });

  it('are allowed in production only as a declared demo deployment', () => {
    const c = loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_PRICES_IN_PRODUCTION: 'true' });
    expect(c.allowDemoPricesInProduction).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_PRICES_IN_PRODUCTION: 'yes' })).toThrow(
      /ALLOW_DEMO_PRICES_IN_PRODUCTION/,
    );
  });

  it('are no concern with a live source or outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PRICE_SOURCE: 'ccxt' }).env).toBe('production');
    expect(checkDemoPricesInProduction({}, 'development', false)).toBeNull();
    expect(checkDemoPricesInProduction({}, 'test', false)).toBeNull();
    expect(checkDemoPricesInProduction({ PRICE_SOURCE: 'ccxt' }, 'production', false)).toBeNull();
    expect(checkDemoPricesInProduction({}, 'production', false)).toMatch(/cycle contracts and futures/);
  });
});
