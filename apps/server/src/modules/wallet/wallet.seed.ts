import { and, eq } from 'drizzle-orm';
import { dividePrice, parseUnits } from '@tidemark/contract/money';
import { service, type AppContext } from '../../platform/context.ts';
import { CURRENCIES } from '../market/currencies.ts';
import { PRICE_SCALE, instrumentOf, instrumentForCurrency } from '../market/instruments.ts';
import { ledgerTransactions } from './ledger.schema.ts';

/** Inventory of the convert desk per currency, worth about this many USDT at the starting prices. */
const DESK_USDT_VALUE = '2000000';

/**
 * Gives the convert desk its inventory once: platform capital moved from the outside world in one
 * journal entry (kind 'capital', reference 'seed:convert_desk'), visible like every other entry.
 */
export async function seedConvertDesk(ctx: AppContext): Promise<void> {
  const ledger = service(ctx, 'ledger');
  const [done] = await ctx.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'capital'), eq(ledgerTransactions.reference, 'seed:convert_desk')))
    .limit(1);
  if (done) return;
  const movements = CURRENCIES.flatMap((c) => {
    const value = parseUnits(DESK_USDT_VALUE, 6);
    const inst = instrumentOf(instrumentForCurrency(c.code));
    const units = inst
      ? dividePrice(value, 6, parseUnits(String(inst.start), PRICE_SCALE), PRICE_SCALE, c.scale, 'floor')
      : parseUnits(DESK_USDT_VALUE, c.scale);
    return [
      { account: { system: 'outside_world' as const, currency: c.code }, available: -units },
      { account: { system: 'convert_desk' as const, currency: c.code }, available: units },
    ];
  });
  await ledger.transaction((tx) =>
    ledger.post(tx, { kind: 'capital', reference: 'seed:convert_desk', memo: 'convert desk inventory', movements }),
  );
}
