import type { Config } from '../config.ts';

/**
 * Fastify's trustProxy from TRUSTED_PROXIES. Off by default: a client's address is its socket's peer,
 * so nobody can choose the address that rate limits count and the audit log records by sending an
 * X-Forwarded-For header. With proxies listed, their X-Forwarded-For is believed (and only theirs):
 * request.ip is then the first address, from the right, that is not one of those proxies.
 */
export function trustProxySetting(config: Pick<Config, 'trustedProxies'>): false | string[] {
  return config.trustedProxies.length ? [...config.trustedProxies] : false;
}
