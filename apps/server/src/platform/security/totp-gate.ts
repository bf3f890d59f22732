import type { Clock } from '../clock.ts';
import { totpStepOf } from '../crypto/totp.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { formatUntil, type AttemptGuard } from './attempt-guard.ts';
import { TOTP } from './attempt-policies.ts';

/** Stores `step` as the principal's last accepted step if it is later than the stored one; false otherwise. */
export type ClaimStep = (id: number, step: number) => Promise<boolean>;

export interface TotpGateDeps {
  attempts: AttemptGuard;
  clock: Clock;
}

/**
 * Authenticator codes for users and operators: a right code is accepted once (its time-step is
 * claimed, a step at or before the last one is refused as TOTP_REUSED), wrong codes are counted and
 * the TOTP policy's lock answers 429 TOTP_LOCKED naming when it ends. Only someone who already
 * passed the password reaches these checks, so the lock is the owner's own, not a stranger's weapon.
 */
export class TotpGate {
  private readonly deps: TotpGateDeps;
  constructor(deps: TotpGateDeps) {
    this.deps = deps;
  }

  /** True for a fresh right code (now claimed), false for a wrong one; throws when locked or reused. */
  async check(
    kind: 'user' | 'operator',
    id: number,
    secret: string,
    code: string,
    claim: ClaimStep,
    field = 'totpCode',
  ): Promise<boolean> {
    const scope = `${kind}.totp`;
    const key = String(id);
    const before = await this.deps.attempts.state(scope, key, TOTP);
    if (before.lockedUntil !== null) throw totpLocked(before.lockedUntil, field);
    const step = totpStepOf(secret, code, this.deps.clock);
    if (step === null) {
      const after = await this.deps.attempts.fail(scope, key, TOTP);
      if (after.lockedUntil !== null) throw totpLocked(after.lockedUntil, field);
      return false;
    }
    if (!(await claim(id, step))) throw badRequest('TOTP_REUSED', 'security.totpReused', undefined, field);
    if (before.failures > 0) await this.deps.attempts.clear(scope, key);
    return true;
  }
}

const totpLocked = (until: number, field: string) =>
  new AppError(429, 'TOTP_LOCKED', 'security.totpLocked', { until: formatUntil(until) }, field);
