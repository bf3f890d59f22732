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

const evm = (chain: string, withdrawFee: string, minDeposit: string): ChainConfig => ({
  chain,
  format: 'evm',
  withdrawFee,
  minDeposit,
});

export const CURRENCIES: readonly CurrencyConfig[] = [
  {
    code: 'USDT',
    name: 'Tether USD',
    scale: 6,
    coinType: 0,
    chains: [{ chain: 'TRC20', format: 'tron', withdrawFee: '1', minDeposit: '1' }, evm('ERC20', '5', '10')],
    withdraw: { min: '100', max: '1000000', daily: '99999999' },
  },
  {
    code: 'BTC',
    name: 'Bitcoin',
    scale: 8,
    coinType: 1,
    chains: [{ chain: 'BTC', format: 'btc', withdrawFee: '0.0002', minDeposit: '0.0001' }],
    withdraw: { min: '0.001', max: '100', daily: '1000' },
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    scale: 8,
    coinType: 2,
    chains: [evm('ERC20', '0.002', '0.005')],
    withdraw: { min: '0.01', max: '2000', daily: '20000' },
  },
  {
    code: 'BNB',
    name: 'BNB',
    scale: 8,
    coinType: 3,
    chains: [evm('BEP20', '0.001', '0.01')],
    withdraw: { min: '0.05', max: '5000', daily: '50000' },
  },
  {
    code: 'SOL',
    name: 'Solana',
    scale: 8,
    coinType: 4,
    chains: [evm('BEP20', '0.01', '0.05')],
    withdraw: { min: '0.2', max: '20000', daily: '200000' },
  },
  {
    code: 'XRP',
    name: 'XRP',
    scale: 8,
    coinType: 5,
    chains: [evm('BEP20', '0.5', '5')],
    withdraw: { min: '20', max: '2000000', daily: '20000000' },
  },
  {
    code: 'DOGE',
    name: 'Dogecoin',
    scale: 8,
    coinType: 6,
    chains: [{ chain: 'DOGE', format: 'doge', withdrawFee: '5', minDeposit: '20' }],
    withdraw: { min: '100', max: '5000000', daily: '50000000' },
  },
  {
    code: 'ADA',
    name: 'Cardano',
    scale: 8,
    coinType: 7,
    chains: [evm('BEP20', '1', '10')],
    withdraw: { min: '50', max: '2000000', daily: '20000000' },
  },
  {
    code: 'TRX',
    name: 'TRON',
    scale: 8,
    coinType: 8,
    chains: [{ chain: 'TRC20', format: 'tron', withdrawFee: '1', minDeposit: '10' }],
    withdraw: { min: '100', max: '5000000', daily: '50000000' },
  },
  {
    code: 'LTC',
    name: 'Litecoin',
    scale: 8,
    coinType: 9,
    chains: [{ chain: 'LTC', format: 'ltc', withdrawFee: '0.001', minDeposit: '0.01' }],
    withdraw: { min: '0.1', max: '10000', daily: '100000' },
  },
  {
    code: 'DOT',
    name: 'Polkadot',
    scale: 8,
    coinType: 10,
    chains: [evm('BEP20', '0.1', '1')],
    withdraw: { min: '5', max: '200000', daily: '2000000' },
  },
  {
    code: 'LINK',
    name: 'Chainlink',
    scale: 8,
    coinType: 11,
    chains: [evm('ERC20', '0.5', '1')],
    withdraw: { min: '2', max: '100000', daily: '1000000' },
  },
  {
    code: 'AVAX',
    name: 'Avalanche',
    scale: 8,
    coinType: 12,
    chains: [evm('AVAXC', '0.01', '0.1')],
    withdraw: { min: '1', max: '50000', daily: '500000' },
  },
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
