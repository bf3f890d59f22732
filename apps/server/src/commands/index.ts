import { commandTable } from '../platform/control/command.ts';
import { apikeyCreateCommand } from './apikey-create.command.ts';
import { backupCommand } from './backup.command.ts';
import { chainDepositCommand } from './chain-deposit.command.ts';
import { cycleVerifyCommand } from './cycle-verify.command.ts';
import { ledgerCheckCommand } from './ledger-check.command.ts';
import { operatorCreateCommand } from './operator-create.command.ts';
import { porSnapshotCommand } from './por-snapshot.command.ts';

/**
 * Every operator command the README names: `npm run <name>` runs it, directly on the database or,
 * while `npm start` holds the embedded database, inside the server over the control socket. A new
 * command is one file beside these and one entry here.
 */
export const commands = commandTable([
  ledgerCheckCommand,
  cycleVerifyCommand,
  chainDepositCommand,
  operatorCreateCommand,
  backupCommand,
  apikeyCreateCommand,
  porSnapshotCommand,
]);
