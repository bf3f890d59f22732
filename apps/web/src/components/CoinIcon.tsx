import { COIN_TYPES } from '@tidemark/contract/coins';

/**
 * A coin's icon by its coinType id (spec §3), drawn from the cryptocurrency-icons package (CC0).
 * Only the listed coins' colour SVGs are bundled (as small URL assets), not the whole set. A coin
 * without artwork gets a round badge with its first letter and a colour picked from the id, so the
 * same coin always looks the same.
 */
const ARTWORK = import.meta.glob<string>(
  '../../../../node_modules/cryptocurrency-icons/svg/color/{usdt,btc,eth,bnb,sol,xrp,doge,ada,trx,ltc,dot,link,avax}.svg',
  { eager: true, query: '?url', import: 'default' },
);

const CODE_BY_TYPE = new Map<number, string>(Object.entries(COIN_TYPES).map(([code, id]) => [id, code]));

function artworkFor(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const file = `/${code.toLowerCase()}.svg`;
  for (const [path, url] of Object.entries(ARTWORK)) if (path.endsWith(file)) return url;
  return undefined;
}

const PALETTE = ['#1652f0', '#f7931a', '#627eea', '#26a17b', '#e84142', '#8247e5', '#f3ba2f', '#00a3ff'];

export function CoinIcon(props: { coinType: number; symbol?: string; size?: number }) {
  const size = props.size ?? 24;
  const code = CODE_BY_TYPE.get(props.coinType) ?? props.symbol;
  const src = artworkFor(code);
  if (src) {
    return <img className="coin-icon" src={src} width={size} height={size} alt="" aria-hidden="true" />;
  }
  const color = PALETTE[Math.abs(props.coinType) % PALETTE.length];
  const letter = (props.symbol ?? code ?? '?').slice(0, 1).toUpperCase();
  return (
    <span
      className="coin-icon"
      aria-hidden="true"
      style={{ width: size, height: size, lineHeight: `${size}px`, fontSize: size * 0.5, background: color }}
    >
      {letter}
    </span>
  );
}
