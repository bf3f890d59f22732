import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import type { OperatorService } from './operator.service.ts';

/** No operator is created silently; a fresh exchange says how to create the first one. */
export async function seedOperatorHint(ctx: AppContext): Promise<void> {
  const count = await service<OperatorService>(ctx, 'operators').count();
  if (count === 0) {
    ctx.log.info(
      'No operator exists yet. Create the first one with: npm run operator:create -- --email you@example.com --name "Your Name" --roles super_admin',
    );
  }
}
