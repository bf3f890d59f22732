import { describe, expect, it } from 'vitest';
import { ConfigError, checkDemoPricesInProduction, loadConfig } from './config.ts';

/** A production configuration that is safe in every other respect. */
const PROD = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://exchange.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  SMS_PROVIDER_URL: 'https://sms.example.com/send',
  SMS_PROVIDER_TOKEN: 'token',
};

describe('simulated prices in production', () => {
  it('are refused with NODE_ENV=production, naming the setting and the way out', () => {
    expect(() => loadConfig(PROD)).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, PRICE_SOURCE: 'simulated' })).toThrow(
      /PRICE_SOURCE.*ALLOW_DEMO_PRICES_IN_PRODUCTION=true/,
    );
  });

  it('are allowed in production only as a declared demo deployment', () => {
    const c = loadConfig({ ...PROD, ALLOW_DEMO_PRICES_IN_PRODUCTION: 'true' });
    expect(c.allowDemoPricesInProduction).toBe(true);
    expect(() => loadConfig({ ...PROD, ALLOW_DEMO_PRICES_IN_PRODUCTION: 'yes' })).toThrow(
      /ALLOW_DEMO_PRICES_IN_PRODUCTION/,
    );
  });

  it('are no concern with a live source or outside production', () => {
    expect(loadConfig({ ...PROD, PRICE_SOURCE: 'ccxt' }).env).toBe('production');
    expect(checkDemoPricesInProduction({}, 'development', false)).toBeNull();
    expect(checkDemoPricesInProduction({}, 'test', false)).toBeNull();
    expect(checkDemoPricesInProduction({ PRICE_SOURCE: 'ccxt' }, 'production', false)).toBeNull();
    expect(checkDemoPricesInProduction({}, 'production', false)).toMatch(/cycle contracts and futures/);
  });
});
