import { runCli } from './run-cli.ts';

/**
 * npm run apikey:create -- --user <id|email> --permissions read,trade [--label bot]
 * — see commands/apikey-create.command.ts.
 */
await runCli('apikey:create');
