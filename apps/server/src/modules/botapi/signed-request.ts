import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import {
  BinanceError,
  aheadOfServer,
  badKeyFormat,
  badSignature,
  illegalValue,
  mandatory,
  outsideWindow,
  rejectedKey,
} from './binance-error.ts';
import { ipAllowed, type ApiKeyService, type ResolvedKey } from './api-key.service.ts';

/** The request's parameters as Binance reads them: the query string and a form body, as sent. */
export interface RequestParts {
  query: string;
  body: string;
  params: Map<string, string>;
}

const MAX_RECV_WINDOW = 60_000;
const DEFAULT_RECV_WINDOW = 5_000;
/** How far ahead of the server's clock a timestamp may be (Binance's rule). */
const AHEAD_TOLERANCE_MS = 1_000;

export function partsOf(request: FastifyRequest): RequestParts {
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  const query = q < 0 ? '' : url.slice(q + 1);
  const body = typeof request.body === 'string' ? request.body : '';
  const params = new Map<string, string>();
  for (const source of [query, body]) {
    for (const [k, v] of new URLSearchParams(source)) {
      // a parameter sent twice is ambiguous: refuse rather than pick one
      if (params.has(k)) throw illegalValue(k);
      params.set(k, v);
    }
  }
  return { query, body, params };
}

/**
 * Binance's SIGNED rule: the key in X-MBX-APIKEY, `timestamp` within `recvWindow` (at most 60 s, and
 * never more than 1 s ahead of the server), and `signature` = HMAC-SHA256(secret, query string + body)
 * without the signature itself, in hex. A request replayed after its window is refused by the same rule.
 */
export async function verifySigned(
  request: FastifyRequest,
  parts: RequestParts,
  keys: ApiKeyService,
  clock: Clock,
  need: 'read' | 'trade' | 'withdraw',
): Promise<ResolvedKey> {
  const key = await verifyKey(request, keys);
  if (need === 'trade' && !key.canTrade) throw rejectedKey();
  // a withdraw key is bound to its IP allow-list (checked in verifyKey); one without a list never withdraws
  if (need === 'withdraw' && (key.withdrawEnabledAt === null || !key.ipAllow.length)) throw rejectedKey();

  const signature = parts.params.get('signature');
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) throw mandatory('signature');
  const payload = withoutSignature(parts.query) + withoutSignature(parts.body);
  const expected = crypto.createHmac('sha256', key.secret).update(payload).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw badSignature();

  const ts = parts.params.get('timestamp');
  if (!ts || !/^\d{1,15}$/.test(ts)) throw mandatory('timestamp');
  const windowText = parts.params.get('recvWindow');
  if (windowText !== undefined && !/^\d{1,9}(\.\d{1,3})?$/.test(windowText)) throw mandatory('recvWindow');
  const recvWindow = windowText === undefined ? DEFAULT_RECV_WINDOW : Number(windowText);
  if (recvWindow > MAX_RECV_WINDOW) throw new BinanceError(-1131, 'recvWindow must be less than 60000');
  const now = clock.now();
  const timestamp = Number(ts);
  if (timestamp > now + AHEAD_TOLERANCE_MS) throw aheadOfServer();
  if (now - timestamp > recvWindow) throw outsideWindow();
  void keys.touch(key.id).catch((err) => request.log.warn({ err }, 'could not record the key use'));
  return key;
}

/** Binance's USER_STREAM rule: a valid, enabled key in X-MBX-APIKEY used from an allowed address; no signature. */
export async function verifyKey(request: FastifyRequest, keys: ApiKeyService): Promise<ResolvedKey> {
  const header = request.headers['x-mbx-apikey'];
  if (typeof header !== 'string' || !/^[A-Za-z0-9]{1,128}$/.test(header)) throw badKeyFormat();
  const key = await keys.resolve(header);
  if (!key || !key.active || !ipAllowed(key.ipAllow, request.ip)) throw rejectedKey();
  return key;
}

function withoutSignature(text: string): string {
  if (!text.includes('signature=')) return text;
  return text
    .split('&')
    .filter((p) => !p.startsWith('signature='))
    .join('&');
}
