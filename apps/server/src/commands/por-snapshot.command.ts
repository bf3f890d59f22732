import { noArgs, type ControlCommand } from '../platform/control/command.ts';
import { AuditService } from '../modules/operator/audit.service.ts';
import { ReservesService } from '../modules/reserves/reserves.service.ts';
import { ChainRouter } from '../modules/wallet/chain-adapter.ts';
import { platformHoldings } from '../modules/wallet/holdings.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';

/**
 * por:snapshot — takes and publishes a proof-of-reserves snapshot (recorded in the audit log as coming from
 * the command line) and prints each currency's root, liabilities and holdings.
 */
export const porSnapshotCommand: ControlCommand<Record<string, never>> = {
  name: 'por:snapshot',
  usage: 'usage: npm run por:snapshot',
  readOnly: false,
  ...noArgs,
  async run(ctx) {
    // in the server: its own services; on the command line: fresh ones on the same database
    let reserves = ctx.services.reserves;
    if (!reserves) {
      const ledger = ctx.services.ledger ?? new LedgerService(ctx.db, ctx.clock);
      const chains = new ChainRouter(() => ctx.services.chain);
      reserves = new ReservesService({
        db: ctx.db,
        clock: ctx.clock,
        ledger,
        holdings: { of: (currencies, db) => platformHoldings(chains, ledger, currencies, db) },
        audit: ctx.services.audit ?? new AuditService(ctx.db),
      });
    }
    const s = await reserves.takeSnapshot({ source: 'cli', operatorId: null });
    const stdout = [`snapshot ${s.id} at ${new Date(s.takenAt).toISOString()}`];
    if (!s.currencies.length) stdout.push('  no user holds a balance: nothing to publish');
    for (const c of s.currencies) {
      const held = c.holdings.map((h) => `${h.network}${h.demo ? ' (demo)' : ''} ${h.amount}`).join(', ');
      stdout.push(
        `  ${c.currency}  root ${c.rootHash}  liabilities ${c.liabilities} (${c.leafCount} users)  in flight ${c.inFlight}  holdings ${c.holdingsTotal} [${held}]  ratio ${c.ratio ?? '—'}`,
      );
    }
    return { stdout, stderr: [], exitCode: 0 };
  },
};
