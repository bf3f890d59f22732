import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { OperatorService } from '../../apps/server/src/modules/operator/operator.service.ts';
import { AuditService } from '../../apps/server/src/modules/operator/audit.service.ts';

/**
 * Creates the support/content operator the end-to-end tests act as, exactly as
 * `npm run operator:create` does, and leaves its credentials in $DATA_DIR/e2e-operator.json.
 * It runs in the webServer command BEFORE the server starts: Playwright starts the webServer
 * before any globalSetup, and the server then holds the embedded database's lock.
 */
export const OPERATOR_FILE = 'e2e-operator.json';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrate(database);
  const email = `e2e-agent-${Date.now()}@example.com`;
  const password = randomBytes(18).toString('base64url');
  const created = await database.db.transaction(async (tx) => {
    const c = await new OperatorService({ db: tx, clock: systemClock }).create(
      { email, name: 'E2E support agent', password, roles: ['support', 'content', 'compliance', 'finance'] },
      tx,
    );
    await new AuditService(tx).record(
      {
        operatorId: null,
        action: 'operator.create',
        targetType: 'operator',
        targetId: c.operator.id,
        detail: { via: 'e2e', roles: ['support', 'content', 'compliance', 'finance'] },
      },
      tx,
    );
    return c;
  });
  fs.writeFileSync(
    path.join(config.dataDir, OPERATOR_FILE),
    JSON.stringify({ email, password, totpSecret: created.totpSecret }),
    { mode: 0o600 },
  );
} finally {
  await database.close(); // releases the data directory lock before the server starts
}
