import { z } from 'zod';
import { optionsParser, type ControlCommand } from '../platform/control/command.ts';
import { userIdByIdOrEmail } from '../modules/account/user-lookup.ts';
import { ApiKeyService } from '../modules/botapi/api-key.service.ts';
import { SecretBox } from '../modules/botapi/secret-box.ts';

const args = z
  .object({
    user: z.string().trim().min(1).max(200),
    permissions: z
      .array(z.enum(['read', 'trade']))
      .min(1)
      .max(2)
      .refine((p) => p.includes('read')),
    label: z.string().trim().min(1).max(40),
  })
  .strict();
type Args = z.infer<typeof args>;

/**
 * apikey:create — an API key for a user (by id or e-mail) with read or read,trade permission, printed
 * as one line of JSON `{"apiKey","secret"}` for scripts and tests. The secret is shown only here.
 */
export const apikeyCreateCommand: ControlCommand<Args> = {
  name: 'apikey:create',
  usage: 'usage: npm run apikey:create -- --user <id|email> [--permissions read,trade] [--label <name>]',
  readOnly: false,
  args,
  parse: optionsParser(args, { user: null, permissions: 'read,trade', label: 'command line' }, (values) => ({
    ...values,
    permissions: values.permissions!.split(',').map((p) => p.trim()),
  })),
  async run(ctx, a) {
    const userId = await userIdByIdOrEmail(ctx.db, a.user);
    if (userId === null) return { stdout: [], stderr: [`no user ${a.user}`], exitCode: 2 };
    // in the server: its own service; on the command line: the same key file or APIKEY_SECRET_KEY
    const keys =
      ctx.services.apiKeys ??
      new ApiKeyService({ db: ctx.db, clock: ctx.clock, box: SecretBox.load(ctx.config.dataDir) });
    const created = await keys.create(userId, { label: a.label, permissions: a.permissions });
    return { stdout: [JSON.stringify({ apiKey: created.apiKey, secret: created.secret })], stderr: [], exitCode: 0 };
  },
};
