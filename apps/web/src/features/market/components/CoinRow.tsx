import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import type { CoinRowModel } from '../model/coin-row.ts';
import { useFavourites, useIsFavourite } from './useFavourites.ts';

/**
 * One coin list row (spec §3): icon, pair, volume, price with its dollar estimate, and the percent
 * change (green up, red down). Tapping opens /coinDetail/{coinType}; the star toggles a favourite.
 */
export function CoinRow(props: { row: CoinRowModel; star?: boolean }) {
  const { row } = props;
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const open = () => navigate(`/coinDetail/${row.coinType}`);
  return (
    <li data-testid={`coin-row-${row.symbol}`} className="coin-list__item">
      <div className="coin-row" role="link" tabIndex={0} onClick={open} onKeyDown={(e) => e.key === 'Enter' && open()}>
        {props.star && <FavouriteStar row={row} />}
        <CoinIcon coinType={row.coinType} symbol={row.base} size={28} />
        <div className="coin-row__name">
          <strong>{row.base}</strong>
          <span className="coin-row__quote">/USDT</span>
          <div className="coin-row__sub">
            {t('list.vol')} {row.volume === null ? '--' : shortAmount(row.volume)}
          </div>
        </div>
        <div className="coin-row__price">
          <div>{row.priceText}</div>
          <div className="coin-row__sub">{row.dollarText}</div>
        </div>
        <div className={'coin-row__pct' + (row.isUp ? ' is-up' : row.isDown ? ' is-down' : '')}>{row.percentText}</div>
      </div>
    </li>
  );
}

function FavouriteStar(props: { row: CoinRowModel }) {
  const { t } = useTranslation('market');
  const on = useIsFavourite(props.row.id);
  const toggle = useFavourites((s) => s.toggle);
  return (
    <button
      type="button"
      className={'coin-row__star' + (on ? ' is-on' : '')}
      aria-pressed={on}
      aria-label={on ? t('list.unstar') : t('list.star')}
      data-testid={`star-${props.row.symbol}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle({ id: props.row.id, coinType: props.row.coinType, name: props.row.name });
      }}
    >
      {on ? <StarFill /> : <StarOutline />}
    </button>
  );
}

/** A 24-hour turnover in short form (1.23M): a label, not money arithmetic, so digits are cut, not summed. */
function shortAmount(decimal: string): string {
  const int = decimal.split('.')[0] ?? '0';
  const units: Array<[number, string]> = [
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ];
  for (const [digits, suffix] of units) {
    if (int.length > digits) {
      const whole = int.slice(0, int.length - digits);
      const frac = int.slice(int.length - digits, int.length - digits + 2);
      return `${whole}.${frac}${suffix}`;
    }
  }
  const [i, f = ''] = decimal.split('.');
  return f ? `${i}.${f.slice(0, 2)}` : (i ?? '0');
}
