import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service, speaking the real protocol: it records each POST, checks the VAPID
 * Authorization (RFC 8292: an ES256 JWT signed with the key the server published) and decrypts the aes128gcm
 * payload (RFC 8291) with the subscription's private key, as the browser would.
 */
export interface PushPeer {
  /** What to hand the server as this browser's PushSubscription.toJSON(). */
  subscription(path?: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Array<{
    path: string;
    vapidKey: string;
    jwt: Record<string, unknown>;
    signatureValid: boolean;
    payload: string;
  }>;
  /** Answers the next pushes with this status (e.g. 410: the subscription is gone). */
  respondWith(status: number): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

export async function startPushPeer(): Promise<PushPeer> {
  const ecdh = crypto.createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const received: PushPeer['received'] = [];
  let status = 201;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const auth = String(req.headers.authorization ?? '');
        const jwtText = /t=([^,\s]+)/.exec(auth)?.[1] ?? '';
        const vapidKey = /k=([^,\s]+)/.exec(auth)?.[1] ?? '';
        const [h, p, s] = jwtText.split('.');
        const jwt = JSON.parse(Buffer.from(p ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
        received.push({
          path: req.url ?? '',
          vapidKey,
          jwt,
          signatureValid: verifyEs256(
            `${h}.${p}`,
            Buffer.from(s ?? '', 'base64url'),
            Buffer.from(vapidKey, 'base64url'),
          ),
          payload: decrypt(Buffer.concat(chunks), ecdh, uaPublic, authSecret),
        });
      } catch (err) {
        received.push({
          path: req.url ?? '',
          vapidKey: '',
          jwt: {},
          signatureValid: false,
          payload: `error: ${String(err)}`,
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    subscription: (path = '/push/one') => ({
      endpoint: `http://127.0.0.1:${port}${path}`,
      keys: { p256dh: b64u(uaPublic), auth: b64u(authSecret) },
    }),
    received,
    respondWith(s) {
      status = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function verifyEs256(data: string, signature: Buffer, rawPublic: Buffer): boolean {
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(rawPublic.subarray(1, 33)), y: b64u(rawPublic.subarray(33, 65)) },
    format: 'jwk',
  });
  return crypto.verify('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }, signature);
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 / RFC 8188: one aes128gcm record, header salt ‖ rs ‖ idlen ‖ keyid (the sender's public key). */
function decrypt(body: Buffer, ecdh: crypto.ECDH, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 followed by zero padding
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}
