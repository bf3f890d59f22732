import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { optionsParser, type ControlCommand } from '../platform/control/command.ts';
import { OperatorService } from '../modules/operator/operator.service.ts';
import { AuditService } from '../modules/operator/audit.service.ts';
import { OPERATOR_ROLES } from '../modules/operator/operator.schema.ts';

const args = z
  .object({
    email: z.string().trim().min(3).max(200),
    name: z.string().trim().min(1).max(100),
    roles: z.array(z.enum(OPERATOR_ROLES)).min(1),
    password: z.string().min(12).max(200).optional(),
  })
  .strict();
type Args = z.infer<typeof args>;

/**
 * operator:create — a back-office operator with a password (generated when not given, at least 12
 * characters) and a TOTP secret to enrol in an authenticator; audited with operator_id null.
 */
export const operatorCreateCommand: ControlCommand<Args> = {
  name: 'operator:create',
  usage: `usage: npm run operator:create -- --email <e-mail> --name <name> [--roles ${OPERATOR_ROLES.join(',')}] [--password <12+ characters>]`,
  readOnly: false,
  args,
  parse: optionsParser(args, { email: null, name: null, roles: 'super_admin', password: null }, (values) => ({
    ...values,
    roles: values.roles!.split(',').map((r) => r.trim()),
  })),
  async run(ctx, a) {
    const password = a.password ?? randomBytes(12).toString('base64url');
    const created = await ctx.db.transaction(async (tx) => {
      const c = await new OperatorService({ db: tx, clock: ctx.clock }).create(
        { email: a.email, name: a.name, password, roles: a.roles },
        tx,
      );
      await new AuditService(tx).record(
        {
          operatorId: null,
          action: 'operator.create',
          targetType: 'operator',
          targetId: c.operator.id,
          detail: { via: 'cli', roles: a.roles },
        },
        tx,
      );
      return c;
    });
    return {
      stdout: [
        `Operator created: ${created.operator.email} (${a.roles.join(', ')})`,
        `Password:    ${password}`,
        `TOTP secret: ${created.totpSecret}`,
        `TOTP URI:    ${created.otpauthUrl}`,
      ],
      stderr: [],
      exitCode: 0,
    };
  },
};
