import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { newTotpSecret, totpUri } from '../../platform/crypto/totp.ts';

/** How long a printed setup link stays usable. */
export const SETUP_LINK_TTL_MS = 60 * 60_000;

interface PendingSetup {
  tokenHash: string;
  expiresAt: number;
  /** Drawn when the browser first opens the link, so the QR it shows is the one the code is checked against. */
  totpSecret: string | null;
}

/**
 * The one-time link that creates the first operator on a fresh installation while the server runs.
 * It lives only in this process's memory: a restart or a used link leaves nothing behind to steal,
 * and only its hash is kept so a heap dump does not hand it out either. At most one link is live.
 */
export class OperatorSetupLinks {
  private readonly clock: Clock;
  private pending: PendingSetup | null = null;
  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** A new link token (the previous one stops working). */
  issue(): string {
    const token = crypto.randomBytes(32).toString('base64url');
    this.pending = { tokenHash: hash(token), expiresAt: this.clock.now() + SETUP_LINK_TTL_MS, totpSecret: null };
    return token;
  }

  /** The authenticator secret to enrol for a live token, or null when the token is wrong, used or expired. */
  enrolment(token: string, label: string): { totpSecret: string; otpauthUrl: string } | null {
    const p = this.live(token);
    if (!p) return null;
    p.totpSecret ??= newTotpSecret();
    return { totpSecret: p.totpSecret, otpauthUrl: totpUri(p.totpSecret, label) };
  }

  /** The enrolled secret of a live token (null if none); the token stays live until `consume`. */
  secretFor(token: string): string | null {
    return this.live(token)?.totpSecret ?? null;
  }

  /** Spends the token: it works once. */
  consume(token: string): boolean {
    if (!this.live(token)) return false;
    this.pending = null;
    return true;
  }

  private live(token: string): PendingSetup | null {
    const p = this.pending;
    if (!p || this.clock.now() >= p.expiresAt) return null;
    const a = Buffer.from(p.tokenHash, 'hex');
    const b = Buffer.from(hash(token), 'hex');
    return crypto.timingSafeEqual(a, b) ? p : null;
  }
}

function hash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
