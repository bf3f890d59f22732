import { runCli } from './run-cli.ts';

/** npm run ledger:check — see commands/ledger-check.command.ts. */
await runCli('ledger:check');
