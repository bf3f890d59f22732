import crypto from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { formatUnits } from '@tidemark/contract/money';
import {
  RESERVE_PROOF_FORMAT,
  type PublishedReserveSnapshot as PublishedSnapshot,
  type ReserveProof,
} from '@tidemark/contract/reserves';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { currencyOf } from '../market/currencies.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { PlatformHoldings } from '../wallet/holdings.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { buildLevels, hashLeaves, rootOf, siblingPositions } from './merkle-sum.ts';
import {
  reserveCurrencies,
  reserveHoldings,
  reserveLeaves,
  reserveNodes,
  reserveSnapshots,
  type SnapshotSource,
} from './reserves.schema.ts';

/** What the reserves service reads from the others (the ledger and the wallet's holdings), by interface. */
export interface ReservesDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'userLiabilities' | 'systemBalances'>;
  holdings: PlatformHoldings;
  audit: Pick<AuditService, 'record'>;
}

const INSERT_CHUNK = 1000;

/**
 * Proof of reserves (docs/decisions/0023-proof-of-reserves.md): takes a snapshot of every user's
 * liabilities from the ledger and the platform's holdings in one repeatable-read transaction, builds a
 * Merkle-sum tree per currency, stores its nodes, and gives each user the path of their own leaf.
 */
export class ReservesService {
  private readonly deps: ReservesDeps;
  constructor(deps: ReservesDeps) {
    this.deps = deps;
  }

  async takeSnapshot(by: {
    source: SnapshotSource;
    operatorId: number | null;
    ip?: string;
  }): Promise<PublishedSnapshot> {
    const id = await this.deps.db.transaction(
      async (t) => {
        const tx = t as unknown as Db;
        const liabilities = await this.deps.ledger.userLiabilities(tx);
        const byCurrency = Map.groupBy(liabilities, (l) => l.currency);
        const currencies = [...byCurrency.keys()].sort();
        const inFlight = new Map(
          (await this.deps.ledger.systemBalances('hot_wallet', tx)).map((b) => [b.currency, b.available]),
        );
        const holdings = await this.deps.holdings.of(currencies, tx);
        const takenAt = new Date(this.deps.clock.now());
        const [snap] = await tx
          .insert(reserveSnapshots)
          .values({ takenAt, source: by.source, operatorId: by.operatorId })
          .returning({ id: reserveSnapshots.id });
        const snapshotId = snap!.id;
        const roots: Record<string, { root: string; total: string; leaves: number }> = {};
        for (const currency of currencies) {
          const hashed = hashLeaves(
            currency,
            byCurrency.get(currency)!.map((l) => ({
              userId: l.userId,
              balance: l.balance,
              nonce: crypto.randomBytes(16).toString('hex'),
            })),
          );
          const levels = buildLevels(hashed);
          const root = rootOf(levels);
          await tx.insert(reserveCurrencies).values({
            snapshotId,
            currency,
            rootHash: root.hash,
            total: root.sum,
            leafCount: hashed.length,
            inFlight: inFlight.get(currency) ?? 0n,
          });
          await inChunks(
            hashed.map((h, idx) => ({ snapshotId, currency, userId: h.leaf.userId, idx, nonce: h.leaf.nonce })),
            (part) => tx.insert(reserveLeaves).values(part),
          );
          await inChunks(
            levels.flatMap((nodes, level) =>
              nodes.map((n, idx) => ({ snapshotId, currency, level, idx, hash: n.hash, sum: n.sum })),
            ),
            (part) => tx.insert(reserveNodes).values(part),
          );
          roots[currency] = { root: root.hash, total: root.sum.toString(), leaves: hashed.length };
        }
        const held = holdings.filter((h) => currencies.includes(h.currency));
        if (held.length)
          await tx.insert(reserveHoldings).values(
            held.map((h) => ({
              snapshotId,
              currency: h.currency,
              source: h.source,
              network: h.network,
              amount: h.amount,
              demo: h.demo,
            })),
          );
        await this.deps.audit.record(
          {
            operatorId: by.operatorId,
            action: 'reserves.snapshot',
            targetType: 'reserve_snapshot',
            targetId: snapshotId,
            detail: { source: by.source, roots },
            ...(by.ip ? { ip: by.ip } : {}),
          },
          tx,
        );
        return snapshotId;
      },
      { isolationLevel: 'repeatable read' },
    );
    return (await this.published([id]))[0]!;
  }

  /** The latest snapshots, newest first, as the public page shows them. */
  async latest(limit: number): Promise<PublishedSnapshot[]> {
    const rows = await this.deps.db
      .select({ id: reserveSnapshots.id })
      .from(reserveSnapshots)
      .orderBy(desc(reserveSnapshots.id))
      .limit(limit);
    return this.published(rows.map((r) => r.id));
  }

  /**
   * The user's inclusion proof in every currency of a snapshot (the latest by default). A currency the user
   * was owed nothing in has no leaf, hence no proof; only the user's own leaf and nonce are ever given.
   */
  async proofsOf(
    userId: number,
    snapshotId?: number,
  ): Promise<{ snapshotId: number; takenAt: number; proofs: ReserveProof[] }> {
    const db = this.deps.db;
    const [snap] = await db
      .select()
      .from(reserveSnapshots)
      .where(snapshotId === undefined ? undefined : eq(reserveSnapshots.id, snapshotId))
      .orderBy(desc(reserveSnapshots.id))
      .limit(1);
    if (!snap) throw notFound('reserves.snapshotNotFound');
    const mine = await db
      .select()
      .from(reserveLeaves)
      .where(and(eq(reserveLeaves.snapshotId, snap.id), eq(reserveLeaves.userId, userId)))
      .orderBy(reserveLeaves.currency);
    const proofs: ReserveProof[] = [];
    for (const leaf of mine) {
      const [tree] = await db
        .select()
        .from(reserveCurrencies)
        .where(and(eq(reserveCurrencies.snapshotId, snap.id), eq(reserveCurrencies.currency, leaf.currency)));
      const sizes = await db
        .select({ level: reserveNodes.level, size: sql<number>`count(*)::int` })
        .from(reserveNodes)
        .where(and(eq(reserveNodes.snapshotId, snap.id), eq(reserveNodes.currency, leaf.currency)))
        .groupBy(reserveNodes.level)
        .orderBy(reserveNodes.level);
      const wanted = [
        { level: 0, idx: leaf.idx },
        ...siblingPositions(
          sizes.map((s) => s.size),
          leaf.idx,
        ),
      ];
      const nodes = await db
        .select()
        .from(reserveNodes)
        .where(
          and(
            eq(reserveNodes.snapshotId, snap.id),
            eq(reserveNodes.currency, leaf.currency),
            or(...wanted.map((w) => and(eq(reserveNodes.level, w.level), eq(reserveNodes.idx, w.idx)))),
          ),
        );
      const at = (level: number, idx: number) => nodes.find((n) => n.level === level && n.idx === idx)!;
      proofs.push({
        format: RESERVE_PROOF_FORMAT,
        snapshotId: snap.id,
        takenAt: snap.takenAt.getTime(),
        currency: leaf.currency,
        scale: currencyOf(leaf.currency)?.scale ?? 0,
        leaf: { userId, nonce: leaf.nonce, balance: at(0, leaf.idx).sum.toString() },
        path: siblingPositions(
          sizes.map((s) => s.size),
          leaf.idx,
        ).map((p) => ({ side: p.side, hash: at(p.level, p.idx).hash, sum: at(p.level, p.idx).sum.toString() })),
        root: { hash: tree!.rootHash, sum: tree!.total.toString() },
      });
    }
    return { snapshotId: snap.id, takenAt: snap.takenAt.getTime(), proofs };
  }

  private async published(ids: number[]): Promise<PublishedSnapshot[]> {
    if (!ids.length) return [];
    const db = this.deps.db;
    const snaps = await db.select().from(reserveSnapshots).where(inArray(reserveSnapshots.id, ids));
    const trees = await db.select().from(reserveCurrencies).where(inArray(reserveCurrencies.snapshotId, ids));
    const holdings = await db.select().from(reserveHoldings).where(inArray(reserveHoldings.snapshotId, ids));
    return ids.map((id) => {
      const s = snaps.find((x) => x.id === id)!;
      return {
        id,
        takenAt: s.takenAt.getTime(),
        source: s.source,
        currencies: trees
          .filter((t) => t.snapshotId === id)
          .sort((a, b) => a.currency.localeCompare(b.currency))
          .map((t) => {
            const scale = currencyOf(t.currency)?.scale ?? 0;
            const held = holdings.filter((h) => h.snapshotId === id && h.currency === t.currency);
            const heldTotal = held.reduce((sum, h) => sum + h.amount, 0n);
            const owed = t.total + t.inFlight;
            return {
              currency: t.currency,
              rootHash: t.rootHash,
              liabilities: formatUnits(t.total, scale),
              leafCount: t.leafCount,
              inFlight: formatUnits(t.inFlight, scale),
              holdings: held
                .sort((a, b) => a.network.localeCompare(b.network))
                .map((h) => ({
                  source: h.source,
                  network: h.network,
                  amount: formatUnits(h.amount, scale),
                  demo: h.demo,
                })),
              holdingsTotal: formatUnits(heldTotal, scale),
              ratio: owed === 0n ? null : formatUnits((heldTotal * 10_000n) / owed, 4),
              demo: held.some((h) => h.demo),
            };
          }),
      };
    });
  }
}

/** Multi-row inserts of at most INSERT_CHUNK rows: a tree of any size in a handful of statements. */
async function inChunks<R>(rows: R[], insert: (part: R[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}
