import { runCli } from './run-cli.ts';

/** npm run backup -- --out <file> — see commands/backup.command.ts (works beside a running server). */
await runCli('backup');
