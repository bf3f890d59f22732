import { DownOutline } from 'antd-mobile-icons';
import { CoinIcon } from '../CoinIcon.tsx';
import './form.css';

/**
 * A field that lets the user choose one of a few values (currency, chain, wallet). It is drawn as
 * our own field (with the coin icon beside a currency) over a transparent native select: a phone
 * opens its own picker, a keyboard and a screen reader get a real select, and the screen carries no
 * picker library (antd-mobile's Picker with its gesture and wheel code was 13 KB of every money form).
 */
export function ChoiceField(props: {
  value: string;
  options: Array<{ value: string; label: string; coinType?: number }>;
  onChange: (value: string) => void;
  title: string;
  testId: string;
  disabled?: boolean;
}) {
  const current = props.options.find((o) => o.value === props.value);
  return (
    <div className="form-choice" aria-disabled={props.disabled || undefined}>
      {current?.coinType !== undefined ? (
        <CoinIcon coinType={current.coinType} symbol={current.value} size={20} />
      ) : null}
      <span className="form-choice__label">{current?.label ?? props.value}</span>
      <DownOutline />
      <select
        className="form-choice__select"
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        disabled={props.disabled}
        aria-label={props.title}
        data-testid={props.testId}
      >
        {current ? null : <option value={props.value}>{props.value}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
