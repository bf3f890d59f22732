import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { systemClock } from '../platform/clock.ts';
import { OperatorService } from '../modules/operator/operator.service.ts';
import { AuditService } from '../modules/operator/audit.service.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../modules/operator/operator.schema.ts';

/**
 * npm run operator:create -- --email ops@example.com --name "Ops" --roles super_admin[,finance…] [--password …]
 * Prints the password (generated when not given) and the TOTP secret to enrol in an authenticator.
 * The server must be stopped when the embedded database is used (it holds the data directory lock).
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    roles: { type: 'string', default: 'super_admin' },
    password: { type: 'string' },
  },
});
if (!values.email || !values.name) {
  console.error(
    'usage: npm run operator:create -- --email <e-mail> --name <name> [--roles super_admin,finance] [--password <password>]',
  );
  process.exit(2);
}
const roles = values.roles.split(',').map((r) => r.trim()) as OperatorRole[];
for (const r of roles) {
  if (!OPERATOR_ROLES.includes(r)) {
    console.error(`unknown role "${r}"; roles: ${OPERATOR_ROLES.join(', ')}`);
    process.exit(2);
  }
}
const password = values.password ?? randomBytes(12).toString('base64url');
if (password.length < 12) {
  console.error('the password must have at least 12 characters');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrate(database);
  const created = await database.db.transaction(async (tx) => {
    const c = await new OperatorService(tx, systemClock).create(
      { email: values.email!, name: values.name!, password, roles },
      tx,
    );
    await new AuditService(tx).record(
      {
        operatorId: null,
        action: 'operator.create',
        targetType: 'operator',
        targetId: c.operator.id,
        detail: { via: 'cli', roles },
      },
      tx,
    );
    return c;
  });
  console.log(`Operator created: ${created.operator.email} (${roles.join(', ')})`);
  console.log(`Password:    ${password}`);
  console.log(`TOTP secret: ${created.totpSecret}`);
  console.log(`TOTP URI:    ${created.otpauthUrl}`);
} finally {
  await database.close();
}
