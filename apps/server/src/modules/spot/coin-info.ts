import type { CoinInfo } from '@tidemark/contract/spot';
import { CURRENCIES } from '../market/currencies.ts';

/**
 * Public facts about each listed coin for the coin detail screen (spec §2 /coinDetail): supply figures are
 * protocol facts (a cap where the protocol has one; null where supply has no fixed cap), sites are the
 * projects' own. Introductions are short, neutral descriptions.
 */
type Facts = Omit<CoinInfo, 'coinType' | 'code' | 'name'>;

const FACTS: Record<string, Facts> = {
  USDT: {
    introduction:
      'Tether USD is a stablecoin issued by Tether Limited, redeemable 1:1 for US dollars and held on several blockchains.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://tether.to',
    explorer: 'https://tronscan.org',
    issueDate: '2014-10-06',
  },
  BTC: {
    introduction:
      'Bitcoin is the first decentralised cryptocurrency, a peer-to-peer electronic cash system secured by proof of work.',
    totalSupply: null,
    maxSupply: '21000000',
    officialSite: 'https://bitcoin.org',
    explorer: 'https://mempool.space',
    issueDate: '2009-01-03',
  },
  ETH: {
    introduction:
      'Ethereum is a programmable blockchain for smart contracts; Ether pays for its computation. It is secured by proof of stake since 2022.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://ethereum.org',
    explorer: 'https://etherscan.io',
    issueDate: '2015-07-30',
  },
  BNB: {
    introduction:
      'BNB is the native coin of BNB Chain, used for transaction fees; part of the supply is burned every quarter.',
    totalSupply: null,
    maxSupply: '200000000',
    officialSite: 'https://www.bnbchain.org',
    explorer: 'https://bscscan.com',
    issueDate: '2017-07-08',
  },
  SOL: {
    introduction:
      'Solana is a high-throughput blockchain using proof of stake with proof of history; SOL pays fees and secures the network.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://solana.com',
    explorer: 'https://explorer.solana.com',
    issueDate: '2020-03-16',
  },
  XRP: {
    introduction:
      'XRP is the native asset of the XRP Ledger, a payment-oriented blockchain reaching consensus without mining.',
    totalSupply: '100000000000',
    maxSupply: '100000000000',
    officialSite: 'https://xrpl.org',
    explorer: 'https://livenet.xrpl.org',
    issueDate: '2012-06-02',
  },
  DOGE: {
    introduction:
      'Dogecoin is a proof-of-work cryptocurrency started in 2013, merge-mined with Litecoin and with no supply cap.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://dogecoin.com',
    explorer: 'https://dogechain.info',
    issueDate: '2013-12-06',
  },
  ADA: {
    introduction:
      'Cardano is a proof-of-stake blockchain developed from peer-reviewed research; ADA is its native coin.',
    totalSupply: null,
    maxSupply: '45000000000',
    officialSite: 'https://cardano.org',
    explorer: 'https://cardanoscan.io',
    issueDate: '2017-09-29',
  },
  TRX: {
    introduction:
      'TRON is a delegated-proof-of-stake blockchain widely used for stablecoin transfers; TRX pays for its resources.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://tron.network',
    explorer: 'https://tronscan.org',
    issueDate: '2017-08-28',
  },
  LTC: {
    introduction:
      'Litecoin is a proof-of-work cryptocurrency derived from Bitcoin, with 2.5-minute blocks and the Scrypt algorithm.',
    totalSupply: null,
    maxSupply: '84000000',
    officialSite: 'https://litecoin.org',
    explorer: 'https://litecoinspace.org',
    issueDate: '2011-10-07',
  },
  DOT: {
    introduction:
      'Polkadot connects specialised blockchains (parachains) under shared security; DOT is used for staking and governance.',
    totalSupply: null,
    maxSupply: null,
    officialSite: 'https://polkadot.com',
    explorer: 'https://polkadot.subscan.io',
    issueDate: '2020-05-26',
  },
  LINK: {
    introduction:
      'Chainlink is a decentralised oracle network that brings outside data to smart contracts; LINK pays node operators.',
    totalSupply: '1000000000',
    maxSupply: '1000000000',
    officialSite: 'https://chain.link',
    explorer: 'https://etherscan.io/token/0x514910771af9ca656af840dff83e8264ecf986ca',
    issueDate: '2017-09-19',
  },
  AVAX: {
    introduction:
      'Avalanche is a proof-of-stake platform of interoperable chains; AVAX pays fees, which are burned, and secures the network.',
    totalSupply: null,
    maxSupply: '720000000',
    officialSite: 'https://www.avax.network',
    explorer: 'https://snowtrace.io',
    issueDate: '2020-09-21',
  },
};

export function coinInfo(coinType: number): CoinInfo | undefined {
  const c = CURRENCIES.find((x) => x.coinType === coinType);
  const facts = c && FACTS[c.code];
  return c && facts ? { coinType, code: c.code, name: c.name, ...facts } : undefined;
}
