import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';

/**
 * No operator is created silently. A fresh exchange prints a one-time link that creates the first
 * super admin in the browser while the server keeps running, and the command that does the same.
 */
export async function seedOperatorHint(ctx: AppContext): Promise<void> {
  const count = await service(ctx, 'operators').count();
  if (count > 0) return;
  const token = service(ctx, 'operatorSetup').issue();
  const base = ctx.config.operatorSetupRemote ? ctx.config.publicUrl : `http://127.0.0.1:${ctx.config.port}`;
  const where = ctx.config.operatorSetupRemote ? '' : ' (open it on this machine)';
  ctx.log.info(
    `No operator exists yet. Create the first one in the browser, once, within an hour${where}: ${base}/admin/setup#${token}` +
      ' — or with: npm run operator:create -- --email you@example.com --name "Your Name" --roles super_admin',
  );
}
