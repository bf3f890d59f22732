import { runCli } from './run-cli.ts';

/**
 * npm run chain:deposit -- --user <id|email> --currency USDT --chain TRC20 --amount 1000 [--confirmations 1]
 * npm run chain:deposit -- --deposit <id> --confirmations 3 — see commands/chain-deposit.command.ts.
 */
await runCli('chain:deposit');
