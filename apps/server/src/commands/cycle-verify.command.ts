import { z } from 'zod';
import type { CommandOutput, ControlCommand } from '../platform/control/command.ts';
import { PriceService } from '../modules/market/price.service.ts';
import { verificationOf } from '../modules/cycle/verification.ts';

/**
 * cycle:verify <id> [<id> …] — recomputes each contract's result from its stored terms and the stored
 * index ticks with the same settle() the server uses, under the rule version stored with the contract, and
 * compares the settling ledger posting with the recomputed credit: exit 1 on any mismatch, 2 on an unknown id.
 */
export const cycleVerifyCommand: ControlCommand<{ ids: number[] }> = {
  name: 'cycle:verify',
  usage: 'usage: npm run cycle:verify -- <contract id> [<contract id> …]',
  readOnly: true,
  args: z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) }).strict(),
  parse(argv) {
    const ids = argv.map(Number);
    return ids.length && ids.every((n) => Number.isInteger(n) && n >= 1) ? { ids } : null;
  },
  async run(ctx, { ids }) {
    // only stored ticks are read: the price source is never asked for a quote here
    const prices = new PriceService(ctx.db, ctx.clock, { kind: 'live', quote: async () => [] }, 0);
    const out: CommandOutput = { stdout: [], stderr: [], exitCode: 0 };
    const print = (line: string) => out.stdout.push(line);
    for (const id of ids) {
      const v = await verificationOf(ctx.db, prices, id);
      if (!v) {
        out.stderr.push(`contract ${id}: not found`);
        out.exitCode = Math.max(out.exitCode, 2);
        continue;
      }
      const c = v.view;
      const r = v.recomputed;
      print(`contract ${id}  ${c.shortcode}`);
      print(
        `  terms     ${c.direction} ${c.instrument} ${c.period}s  stake ${c.stake} ${c.currency}  payout ${c.expectedReturn}  committed ${iso(c.committedAt)}  end ${iso(c.endAt)}`,
      );
      print(`  ticks     ${v.windowTickCount} stored inside (commit, end]`);
      print(`  entry     ${r.entry ? `${r.entry.price} at ${iso(r.entry.ts)}` : '—'}`);
      print(`  exit      ${r.exit ? `${r.exit.price} at ${iso(r.exit.ts)}` : '—'}`);
      if (c.status === 'open') {
        print('  stored    open (not settled yet): nothing to compare');
        continue;
      }
      print(`  stored    ${c.status}${c.refundReason ? ` (${c.refundReason})` : ''}, credit ${c.credit}`);
      print(`  recomputed ${r.outcome}${r.refundReason ? ` (${r.refundReason})` : ''}  rule ${v.rules.version}`);
      print(
        `  ledger    paid ${v.ledger?.paid ?? '—'} (transaction ${v.ledger?.transactionId ?? '—'}), expected ${v.ledger?.expected}`,
      );
      if (v.matches) print('  MATCH');
      else {
        print('  MISMATCH');
        out.exitCode = Math.max(out.exitCode, 1);
      }
    }
    return out;
  },
};

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
