import crypto from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../platform/db/database.ts';
import { loadSecret } from '../common/app-secret.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair the push services know this server by. Configured (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY) or,
 * like the platform's other secrets, drawn on first start and kept in the database (app_secrets): the 32 random
 * bytes are the P-256 private key itself, so a restart — and every process of one installation — signs with the
 * same key and the browsers' subscriptions stay valid.
 */
export async function loadVapidKeys(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    return { publicKey, privateKey };
  }
  const secret = await loadSecret(db, 'web-push-vapid');
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(secret); // throws for the 1-in-2^128 draw outside the curve's order: a start-up error
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: secret.toString('base64url') };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push attempt came to: `gone` means the browser dropped the subscription (404/410), so it is deleted. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one encrypted Web Push message (RFC 8291 aes128gcm payload, RFC 8292 VAPID) to a subscription. The payload
 * is JSON the service worker turns into a notification.
 */
export class WebPushSender {
  private readonly deps: { keys: VapidKeys; subject: string };
  constructor(deps: { keys: VapidKeys; subject: string }) {
    this.deps = deps;
  }

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  /**
   * web-push builds the request (encryption, VAPID headers); it is sent here with fetch, because web-push's own
   * sender speaks only https and a development push service (and the tests' one) may be plain http on loopback.
   */
  async send(target: PushTarget, payload: object): Promise<PushOutcome> {
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: this.deps.subject,
            publicKey: this.deps.keys.publicKey,
            privateKey: this.deps.keys.privateKey,
          },
          contentEncoding: 'aes128gcm',
          TTL: 24 * 3600,
        },
      );
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 404 || res.status === 410) return 'gone';
      return res.ok ? 'sent' : 'failed';
    } catch {
      return 'failed';
    }
  }
}
