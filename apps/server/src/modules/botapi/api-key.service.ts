import crypto from 'node:crypto';
import net from 'node:net';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { KycLevel } from '@tidemark/contract/kyc';
import type { ApiKeyView, ApiPermission, CreatedApiKey } from '@tidemark/contract/api-keys';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { apiKeys, type ApiKeyRow } from './api-key.schema.ts';
import type { SecretBox } from './secret-box.ts';

/** How many keys one user may hold (active or disabled). */
export const MAX_KEYS_PER_USER = 30;
export const MAX_IPS_PER_KEY = 30;
/**
 * How long after its creation a key's withdraw permission starts to work: whoever made a key from a
 * stolen session cannot withdraw at once, and the owner sees the key and its start time meanwhile.
 */
export const WITHDRAW_KEY_DELAY_MS = 24 * 3600_000;

/** A key found for a signed request: who it acts for, what it may do, and the secret to check the signature. */
export interface ResolvedKey {
  id: number;
  userId: number;
  canTrade: boolean;
  /** When the key may withdraw (null: never); the caller compares it with the clock. */
  withdrawEnabledAt: number | null;
  ipAllow: string[];
  active: boolean;
  secret: string;
}

/** API keys of users: create (secret shown once), list, disable/enable, delete, and resolve for a request. */
export class ApiKeyService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly box: SecretBox;
  /** Whether the key's owner may act (the account module's answer); a frozen account's keys sign nothing. */
  private readonly ownerActive: (userId: number) => Promise<boolean>;
  /** The owner's KYC level (the KYC module's answer): only advanced verification may grant withdraw. */
  private readonly ownerKyc: (userId: number) => Promise<KycLevel>;

  constructor(deps: {
    db: Db;
    clock: Clock;
    box: SecretBox;
    ownerActive?: (userId: number) => Promise<boolean>;
    ownerKyc?: (userId: number) => Promise<KycLevel>;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.box = deps.box;
    this.ownerActive = deps.ownerActive ?? (async () => true);
    this.ownerKyc = deps.ownerKyc ?? (async () => 'none');
  }

  async create(
    userId: number,
    input: { label: string; permissions: readonly ApiPermission[]; ipAllow?: readonly string[] },
    db: Db = this.db,
  ): Promise<CreatedApiKey> {
    const ipAllow = normalizeIps(input.ipAllow ?? []);
    const canWithdraw = input.permissions.includes('withdraw');
    if (canWithdraw) await this.assertMayWithdraw(userId, ipAllow);
    const [held] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_KEYS_PER_USER)
      throw badRequest('API_KEY_LIMIT', 'botapi.keyLimit', { max: MAX_KEYS_PER_USER });
    // 64 characters each, as Binance's keys are; the api key is public, the secret never leaves this call in clear
    const apiKey = crypto.randomBytes(32).toString('hex');
    const secret = crypto.randomBytes(32).toString('hex');
    const now = this.clock.now();
    const [row] = await db
      .insert(apiKeys)
      .values({
        userId,
        apiKey,
        secretCiphertext: this.box.seal(secret, apiKey),
        label: input.label,
        canTrade: input.permissions.includes('trade'),
        canWithdraw,
        withdrawEnabledAt: canWithdraw ? new Date(now + WITHDRAW_KEY_DELAY_MS) : null,
        ipAllow,
        status: 'active',
        createdAt: new Date(now),
      })
      .returning();
    return { ...toView(row!), secret };
  }

  /**
   * A key that can move funds out must be bound to the owner's own machines (an IP allow-list) and
   * belong to someone whose identity is verified at the advanced level, as large venues require.
   */
  private async assertMayWithdraw(userId: number, ipAllow: readonly string[]): Promise<void> {
    if (!ipAllow.length) throw badRequest('WITHDRAW_NEEDS_IP', 'botapi.withdrawNeedsIp', undefined, 'ipAllow');
    if ((await this.ownerKyc(userId)) !== 'advanced')
      throw new AppError(403, 'WITHDRAW_NEEDS_KYC', 'botapi.withdrawNeedsKyc', undefined, 'permissions');
  }

  async list(userId: number): Promise<ApiKeyView[]> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
    return rows.map(toView);
  }

  async setStatus(userId: number, id: number, status: 'active' | 'disabled'): Promise<ApiKeyView> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ status })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning();
    if (!row) throw notFound('botapi.keyNotFound');
    return toView(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    const rows = await this.db
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning({ id: apiKeys.id });
    if (!rows.length) throw notFound('botapi.keyNotFound');
  }

  /** The key for a signed request, or null when there is none (the caller answers Binance's -2015). */
  async resolve(apiKey: string): Promise<ResolvedKey | null> {
    if (!/^[0-9a-f]{64}$/.test(apiKey)) return null;
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey));
    if (!row) return null;
    return {
      id: row.id,
      userId: row.userId,
      canTrade: row.canTrade,
      withdrawEnabledAt: row.canWithdraw ? (row.withdrawEnabledAt?.getTime() ?? null) : null,
      ipAllow: row.ipAllow,
      active: row.status === 'active' && (await this.ownerActive(row.userId)),
      secret: this.box.open(row.secretCiphertext, row.apiKey),
    };
  }

  /** Records the last use at most once a minute per key (a write per request would cost more than the request). */
  async touch(id: number): Promise<void> {
    const now = this.clock.now();
    const last = this.touched.get(id) ?? 0;
    if (now - last < 60_000) return;
    this.touched.set(id, now);
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, id));
  }
  private readonly touched = new Map<number, number>();
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    label: row.label,
    apiKey: row.apiKey,
    permissions: [
      'read',
      ...(row.canTrade ? (['trade'] as const) : []),
      ...(row.canWithdraw ? (['withdraw'] as const) : []),
    ],
    ipAllow: row.ipAllow,
    status: row.status,
    withdrawEnabledAt: row.canWithdraw ? (row.withdrawEnabledAt?.getTime() ?? null) : null,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}

/** Plain IPv4 / IPv6 addresses, deduplicated; anything else is refused naming the field. */
export function normalizeIps(list: readonly string[]): string[] {
  const out = [...new Set(list.map((s) => s.trim()).filter((s) => s !== ''))];
  if (out.length > MAX_IPS_PER_KEY)
    throw badRequest('IP_LIST_TOO_LONG', 'botapi.ipListTooLong', { max: MAX_IPS_PER_KEY }, 'ipAllow');
  for (const ip of out) {
    if (!net.isIP(ip)) throw badRequest('IP_INVALID', 'botapi.ipInvalid', { ip }, 'ipAllow');
  }
  return out;
}

/** Whether a request from `ip` may use a key with this allow-list (an empty list allows any address). */
export function ipAllowed(allow: readonly string[], ip: string): boolean {
  if (!allow.length) return true;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return allow.includes(ip) || allow.includes(plain);
}
