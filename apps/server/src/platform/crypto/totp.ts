import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import type { Clock } from '../clock.ts';

/** RFC 6238 TOTP (30 s steps, 6 digits) with one step of clock drift allowed either way. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, label: string): string {
  return generateURI({ issuer: 'Tidemark', label, secret });
}

export function totpCode(secret: string, clock: Clock): string {
  return generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
}

export function verifyTotp(secret: string, code: string, clock: Clock): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return verifySync({ secret, token: code, epoch: Math.floor(clock.now() / 1000), epochTolerance: 30 }).valid;
  } catch {
    return false;
  }
}

/**
 * The time-step a right code belongs to, or null for a wrong one. Callers store the last accepted
 * step and refuse a step at or before it, so a code is accepted once (RFC 6238 §5.2).
 */
export function totpStepOf(secret: string, code: string, clock: Clock): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const r = verifySync({ secret, token: code, epoch: Math.floor(clock.now() / 1000), epochTolerance: 30 });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}
