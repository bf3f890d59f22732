import { runCli } from './run-cli.ts';

/** npm run por:snapshot — see commands/por-snapshot.command.ts. */
await runCli('por:snapshot');
