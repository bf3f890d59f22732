import crypto from 'node:crypto';
import { TEMP_TOKEN_TTL_SECONDS } from '@tidemark/contract';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { SecretHolder } from './app-secret.ts';

export interface TempTokenServiceDeps {
  secret: SecretHolder;
  clock: Clock;
}

/**
 * Short-lived anonymous tokens a client must show before asking for a code. They cost the server
 * nothing to store: `<expiry ms>.<nonce>.<HMAC(secret, expiry.nonce)>`. They slow down scripted
 * abuse of the code-sending calls together with the per-IP and per-target limits.
 */
export class TempTokenService {
  private readonly deps: TempTokenServiceDeps;
  constructor(deps: TempTokenServiceDeps) {
    this.deps = deps;
  }

  async issue(): Promise<{ tempToken: string; expiresAt: string }> {
    const expires = this.deps.clock.now() + TEMP_TOKEN_TTL_SECONDS * 1000;
    const payload = `${expires}.${crypto.randomBytes(12).toString('base64url')}`;
    const mac = await this.sign(payload);
    return { tempToken: `${payload}.${mac}`, expiresAt: new Date(expires).toISOString() };
  }

  /** Throws the localized 'common.tempTokenInvalid' unless the token is ours and not expired. */
  async check(token: string): Promise<void> {
    const parts = token.split('.');
    const invalid = () => badRequest('TEMP_TOKEN_INVALID', 'common.tempTokenInvalid', undefined, 'tempToken');
    if (parts.length !== 3) throw invalid();
    const [expires, nonce, mac] = parts as [string, string, string];
    const expected = await this.sign(`${expires}.${nonce}`);
    const a = Buffer.from(mac);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw invalid();
    if (!/^\d+$/.test(expires) || Number(expires) <= this.deps.clock.now()) throw invalid();
  }

  private async sign(payload: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.deps.secret.get())
      .update(`temp-token:${payload}`)
      .digest('base64url');
  }
}
