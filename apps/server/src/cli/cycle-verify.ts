import { runCli } from './run-cli.ts';

/** npm run cycle:verify -- <id> [<id> …] — see commands/cycle-verify.command.ts. */
await runCli('cycle:verify');
