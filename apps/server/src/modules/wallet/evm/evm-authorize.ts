import { decodeFunctionData, erc20Abi, type Address } from 'viem';
import type { Db } from '../../../platform/db/database.ts';
import { show } from '../amounts.ts';
import { payableWithdrawal } from '../chain-withdrawal-check.ts';
import type { LedgerService } from '../ledger.service.ts';
import type { EvmChain } from './evm-chain.ts';
import type { SigningRequest } from './evm-signer.ts';

const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The ERC-20 `transfer(to, value)` a request carries, if any. */
function tokenTransfer(req: SigningRequest): { to: Address; value: bigint } | null {
  if (!req.data) return null;
  try {
    const d = decodeFunctionData({ abi: erc20Abi, data: req.data });
    if (d.functionName !== 'transfer') return null;
    const [to, value] = d.args as [Address, bigint];
    return { to, value };
  } catch {
    return null;
  }
}

/**
 * What the signer may sign, answered from the database the approval writes to:
 * - `withdrawal:<id>`: the withdrawal exists, is being approved or was sent, its amount was frozen
 *   by a journal entry (`withdraw.apply`), and the transaction pays exactly its address and net
 *   amount (natively or by the token's `transfer`);
 * - `sweep:<user>`: from that user's deposit address to the hot wallet only;
 * - `topup:<user>`: from the hot wallet to that user's deposit address, at most the gas of one sweep.
 */
export function evmAuthorizer(chain: () => EvmChain, ledger: LedgerService) {
  return async (req: SigningRequest, db: Db): Promise<boolean> => {
    const c = chain();
    const [kind, ref] = req.reference.split(':');
    const id = Number(ref);
    if (!Number.isSafeInteger(id)) return false;
    if (kind === 'withdrawal') {
      if (req.from !== 'hot') return false;
      const w = await payableWithdrawal(db, ledger, c.network, req.reference);
      if (!w) return false;
      const expected = c.chainUnits(w.currency, show(w.net, w.currency));
      const token = c.tokenOf(w.currency);
      if (token) {
        const t = tokenTransfer(req);
        return same(req.to, token.address) && req.value === 0n && !!t && same(t.to, w.address) && t.value === expected;
      }
      return same(req.to, w.address) && req.value === expected && !req.data;
    }
    const hot = c.signer?.hotAddress;
    if (kind === 'sweep') {
      if (typeof req.from !== 'object' || req.from.userId !== id) return false;
      const t = tokenTransfer(req);
      if (t) return c.tokens.some((k) => same(k.address, req.to)) && same(t.to, hot);
      return same(req.to, hot) && !req.data;
    }
    if (kind === 'topup') {
      return (
        req.from === 'hot' &&
        same(req.to, c.depositAddress(id)) &&
        !req.data &&
        req.value <= req.gas * req.maxFeePerGas * 10n
      );
    }
    return false;
  };
}
