import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.appDownload).toEqual({ open: true, url: '/download' });
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});

describe('development clock setting', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ DEV_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/DEV_CLOCK/);
    expect(loadConfig({ DEV_CLOCK: 'true' }).devClock).toBe(true);
  });
});

describe('production', () => {
  const safe = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://exchange.example.com',
    SMTP_URL: 'smtp://mail.example.com:587',
    SMS_PROVIDER_URL: 'https://sms.example.com/send',
    SMS_PROVIDER_TOKEN: 'token',
    PRICE_SOURCE: 'ccxt',
  };

  it('starts with a safe configuration', () => {
    const c = loadConfig(safe);
    expect(c.env).toBe('production');
    expect(Object.values(c.devTools)).toEqual([false, false, false]);
  });

  it('refuses an unsafe one with every problem in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'outbox' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/NODE_ENV=production/);
    expect(message).toMatch(/development tools are on \(outbox\)/);
    expect(message).toMatch(/SMTP_URL is not set/);
    expect(message).toMatch(/SMS_PROVIDER_URL is not set/);
    expect(message).toMatch(/PUBLIC_URL is http:\/\/localhost:8080/);
    expect(message).toMatch(/Production checklist/);
  });

  it('names each development tool left on', () => {
    expect(() => loadConfig({ ...safe, DEV_TOOLS: 'all' })).toThrow(/outbox, clock, price/);
    expect(() => loadConfig({ ...safe, DEV_PRICE_CONTROL: 'true' })).toThrow(/DEV_PRICE_CONTROL/);
    expect(() => loadConfig({ ...safe, SMS_PROVIDER_TOKEN: '' })).not.toThrow(/DEV/);
  });
});

describe('development tools setting', () => {
  it('is off unless named, one tool at a time', () => {
    expect(loadConfig({}).devTools).toEqual({ outbox: false, clock: false, price: false });
    expect(loadConfig({ DEV_TOOLS: 'outbox, clock' }).devTools).toEqual({ outbox: true, clock: true, price: false });
    expect(loadConfig({ DEV_TOOLS: 'all' }).devTools).toEqual({ outbox: true, clock: true, price: true });
    expect(() => loadConfig({ DEV_TOOLS: 'outbox,debugger' })).toThrow(/DEV_TOOLS: unknown tool "debugger"/);
  });
});

describe('client address settings', () => {
  it('trusts no proxy by default and accepts addresses and CIDRs', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.5, 172.16.0.0/12,::1' }).trustedProxies).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      '::1',
    ]);
  });

  it('refuses a typo and a range that trusts everybody', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.300' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '0.0.0.0/0' })).toThrow(/every address/);
  });

  it('keeps CORS closed by default and takes exact origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.com,http://localhost:5173' }).corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('Redis settings', () => {
  it('counts in process unless REDIS_URL is set, and takes redis:// and rediss:// URLs', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).redisKeyPrefix).toBe('tidemark:');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:secret@cache.internal:6380/2',
    );
    expect(loadConfig({ REDIS_KEY_PREFIX: 'exchange-b:' }).redisKeyPrefix).toBe('exchange-b:');
  });

  it('refuses another scheme and a prefix with spaces', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'my exchange' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});
