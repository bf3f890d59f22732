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
