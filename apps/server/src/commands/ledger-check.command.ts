import type { Db } from '../platform/db/database.ts';
import { noArgs, type ControlCommand } from '../platform/control/command.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
// the identities between the ledger and the futures / cycle records register themselves
import '../modules/futures/clearing-invariant.ts';
import '../modules/cycle/pool-invariant.ts';

/**
 * ledger:check — reconciles the ledger (balances = postings, every currency sums to zero, nothing
 * negative), the futures clearing identity and the cycle pool's exposure, on one consistent snapshot;
 * exit 1 on any break.
 */
export const ledgerCheckCommand: ControlCommand<Record<string, never>> = {
  name: 'ledger:check',
  usage: 'usage: npm run ledger:check',
  readOnly: true,
  ...noArgs,
  async run(ctx) {
    const result = await ctx.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    if (result.ok) {
      return {
        stdout: [
          `ledger OK: ${result.accounts} accounts, ${result.transactions} transactions; every currency sums to zero; futures clearing and the cycle pool match their positions and contracts`,
        ],
        stderr: [],
        exitCode: 0,
      };
    }
    return {
      stdout: [],
      stderr: [`LEDGER BROKEN (${result.problems.length} problems):`, ...result.problems.map((p) => `  - ${p}`)],
      exitCode: 1,
    };
  },
};
