/**
 * A coin's icon by its coinType id (spec §3). Until icon artwork is bundled, a round badge with
 * the symbol's first letter and a colour picked from the id, so the same coin always looks the same.
 */
const PALETTE = ['#1652f0', '#f7931a', '#627eea', '#26a17b', '#e84142', '#8247e5', '#f3ba2f', '#00a3ff'];

export function CoinIcon(props: { coinType: number; symbol?: string; size?: number }) {
  const size = props.size ?? 24;
  const color = PALETTE[Math.abs(props.coinType) % PALETTE.length];
  const letter = (props.symbol ?? '?').slice(0, 1).toUpperCase();
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
