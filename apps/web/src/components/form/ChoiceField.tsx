import { useState } from 'react';
import Picker from 'antd-mobile/es/components/picker';
import { DownOutline } from 'antd-mobile-icons';
import { CoinIcon } from '../CoinIcon.tsx';
import './form.css';

/**
 * A tappable field that opens a bottom picker (currency, chain, wallet). `coinTypes` draws the
 * coin icon beside currency choices.
 */
export function ChoiceField(props: {
  value: string;
  options: Array<{ value: string; label: string; coinType?: number }>;
  onChange: (value: string) => void;
  title: string;
  testId: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const current = props.options.find((o) => o.value === props.value);
  return (
    <>
      <button
        type="button"
        className="form-choice"
        onClick={() => !props.disabled && setOpen(true)}
        disabled={props.disabled}
        data-testid={props.testId}
        aria-label={props.title}
      >
        {current?.coinType !== undefined ? (
          <CoinIcon coinType={current.coinType} symbol={current.value} size={20} />
        ) : null}
        <span className="form-choice__label">{current?.label ?? props.value}</span>
        <DownOutline />
      </button>
      <Picker
        visible={open}
        title={props.title}
        columns={[props.options.map((o) => ({ label: o.label, value: o.value }))]}
        value={[props.value]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          const next = v[0];
          if (typeof next === 'string') props.onChange(next);
        }}
      />
    </>
  );
}
