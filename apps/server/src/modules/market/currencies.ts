/**
 * The currencies the platform holds and the chains each moves on. This is configuration in code
 * (reviewed like code): a currency's scale is fixed once balances exist in it.
 *
 * Scales: USDT 6 (its on-chain decimals on TRON and Ethereum); every other coin 8. ETH has 18
 * decimals on chain, but 8 is plenty for a retail balance and keeps amounts readable; a chain
 * adapter truncates deposits below 10^-8 ETH (they stay in the outside world).
 *
 * Withdrawal limits follow spec §9 for USDT (min 100, max 1,000,000 per transaction, 99,999,999 per
 * day). Those numbers are absurd for BTC, so each coin has its own defaults of roughly the same
 * dollar size for the minimum (≈ 10–100 USDT) and sensible per-transaction and per-day caps.
 * Chains are only offered where the address format can be validated with its checksum
 * (EVM EIP-55, TRON base58check, Bitcoin/Litecoin bech32, Dogecoin base58check); coins whose native
 * chain is not supported yet (SOL, XRP, ADA, DOT) move as their BEP-20 tokens.
 */

/** How an address on a chain is written and checked. */
export type AddressFormat = 'evm' | 'tron' | 'btc' | 'ltc' | 'doge';

export interface ChainConfig {
  /** The name users pick (spec: "chain name"). */
  chain: string;
  format: AddressFormat;
  /** Network fee charged on a withdrawal, in the currency (decimal string). */
  withdrawFee: string;
  /** Smaller deposits are not credited. */
  minDeposit: string;
}

export interface CurrencyConfig {
  code: string;
  name: string;
  /** Decimal places of the minor unit. */
  scale: number;
  /** Icon id (spec §3: 0–16, 1001–1005, 2001, 2002). */
  coinType: number;
  chains: ChainConfig[];
  withdraw: { min: string; max: string; daily: string };
}

const native = (chain: string, format: AddressFormat, withdrawFee: string, minDeposit: string): ChainConfig => ({
  chain,
  format,
  withdrawFee,
  minDeposit,
});

const evm = (chain: string, withdrawFee: string, minDeposit: string) => native(chain, 'evm', withdrawFee, minDeposit);

/**
 * One row of the table below, in the order its columns are read: code, name, coin type, chains, withdrawal limits
 * [min, max, daily], and the scale where it is not 8. One line per coin keeps the list readable as a table.
 */
const coin = (
  code: string,
  name: string,
  coinType: number,
  chains: ChainConfig[],
  [min, max, daily]: [string, string, string],
  scale = 8,
): CurrencyConfig => ({ code, name, scale, coinType, chains, withdraw: { min, max, daily } });

export const CURRENCIES: readonly CurrencyConfig[] = [
  coin(
    'USDT',
    'Tether USD',
    0,
    [native('TRC20', 'tron', '1', '1'), evm('ERC20', '5', '10')],
    ['100', '1000000', '99999999'],
    6,
  ),
  coin('BTC', 'Bitcoin', 1, [native('BTC', 'btc', '0.0002', '0.0001')], ['0.001', '100', '1000']),
  coin('ETH', 'Ethereum', 2, [evm('ERC20', '0.002', '0.005')], ['0.01', '2000', '20000']),
  coin('BNB', 'BNB', 3, [evm('BEP20', '0.001', '0.01')], ['0.05', '5000', '50000']),
  coin('SOL', 'Solana', 4, [evm('BEP20', '0.01', '0.05')], ['0.2', '20000', '200000']),
  coin('XRP', 'XRP', 5, [evm('BEP20', '0.5', '5')], ['20', '2000000', '20000000']),
  coin('DOGE', 'Dogecoin', 6, [native('DOGE', 'doge', '5', '20')], ['100', '5000000', '50000000']),
  coin('ADA', 'Cardano', 7, [evm('BEP20', '1', '10')], ['50', '2000000', '20000000']),
  coin('TRX', 'TRON', 8, [native('TRC20', 'tron', '1', '10')], ['100', '5000000', '50000000']),
  coin('LTC', 'Litecoin', 9, [native('LTC', 'ltc', '0.001', '0.01')], ['0.1', '10000', '100000']),
  coin('DOT', 'Polkadot', 10, [evm('BEP20', '0.1', '1')], ['5', '200000', '2000000']),
  coin('LINK', 'Chainlink', 11, [evm('ERC20', '0.5', '1')], ['2', '100000', '1000000']),
  coin('AVAX', 'Avalanche', 12, [evm('AVAXC', '0.01', '0.1')], ['1', '50000', '500000']),
];

/** The quote currency everything is valued in. */
export const QUOTE = 'USDT';

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

export function currencyOf(code: string): CurrencyConfig | undefined {
  return byCode.get(code);
}

export function chainOf(code: string, chain: string): ChainConfig | undefined {
  return byCode.get(code)?.chains.find((c) => c.chain === chain);
}

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [string, ...string[]];
