import type { Address, Hex } from 'viem';
import type { Db } from '../../../platform/db/database.ts';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { evmPrivateKeyFromXprv } from './evm-keys.ts';

/** One transaction the server asks the signer to sign. */
export interface SigningRequest {
  /** What it carries: `withdrawal:<id>`, `sweep:<user id>` or `topup:<user id>`; checked by `authorize`. */
  reference: string;
  /** The hot wallet, or the deposit address of a user (a sweep). */
  from: 'hot' | { userId: number };
  to: Address;
  value: bigint;
  data?: Hex | undefined;
  gas: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  chainId: number;
}

/**
 * The only holder of private keys: the hot wallet's key and, for sweeps, the extended private key of
 * the deposit addresses. It is a separate component with a narrow surface (sign one request) so it
 * can move to its own process or machine; the watcher and the API work from the extended PUBLIC key.
 * It signs nothing the server has not approved and journaled: every request goes through
 * `authorize`, which the wallet answers from the database (a withdrawal frozen in the journal with
 * this address and amount, a sweep to the hot wallet, a gas top-up to a user's deposit address).
 */
export class EvmSigner {
  private readonly hot: PrivateKeyAccount;
  private readonly depositXprv: string | undefined;
  private readonly authorize: (req: SigningRequest, db: Db) => Promise<boolean>;

  constructor(opts: {
    hotKey: Hex;
    depositXprv?: string | undefined;
    authorize: (req: SigningRequest, db: Db) => Promise<boolean>;
  }) {
    this.hot = privateKeyToAccount(opts.hotKey);
    this.depositXprv = opts.depositXprv;
    this.authorize = opts.authorize;
  }

  get hotAddress(): Address {
    return this.hot.address;
  }

  canSweep(): boolean {
    return this.depositXprv !== undefined;
  }

  private account(from: SigningRequest['from']): PrivateKeyAccount {
    if (from === 'hot') return this.hot;
    if (!this.depositXprv) throw new Error('the signer has no deposit key: sweeping is off');
    return privateKeyToAccount(evmPrivateKeyFromXprv(this.depositXprv, from.userId));
  }

  fromAddress(from: SigningRequest['from']): Address {
    return this.account(from).address;
  }

  /**
   * The signed raw transaction; throws when the request was not approved. `db` is where the approval
   * is being written (its transaction), so the check sees it; a signer in its own process would read
   * the same rows from its own connection.
   */
  async sign(req: SigningRequest, db: Db): Promise<Hex> {
    if (!(await this.authorize(req, db))) throw new Error(`signer refused an unapproved request (${req.reference})`);
    const account = this.account(req.from);
    return account.signTransaction({
      type: 'eip1559',
      chainId: req.chainId,
      to: req.to,
      value: req.value,
      data: req.data,
      gas: req.gas,
      nonce: req.nonce,
      maxFeePerGas: req.maxFeePerGas,
      maxPriorityFeePerGas: req.maxPriorityFeePerGas,
    });
  }
}
