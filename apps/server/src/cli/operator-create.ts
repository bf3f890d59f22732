import { runCli } from './run-cli.ts';

/**
 * npm run operator:create -- --email ops@example.com --name "Ops" --roles super_admin[,finance…] [--password …]
 * — see commands/operator-create.command.ts.
 */
await runCli('operator:create');
