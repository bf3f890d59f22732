import type { ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import { useTranslation } from '../../lib/use-translation.ts';
import { acceptsAmountInput } from './amount-input.ts';
import { FormRow } from './FormRow.tsx';

/**
 * An amount row: a decimal input that refuses digits past the currency's `scale`, the figure
 * available at the label's end (`available`, shown as given), and with `all` an "All" button that
 * fills in that figure.
 */
export function AmountField(props: {
  name?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  scale: number;
  error?: string | null | undefined;
  note?: ReactNode;
  available?: ReactNode;
  all?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormRow
      name={props.name ?? 'amount'}
      label={props.label}
      error={props.error}
      note={props.note}
      extra={props.available}
    >
      <Input
        inputMode="decimal"
        placeholder={props.placeholder ?? t('common:form.amount.placeholder')}
        value={props.value}
        onChange={(v) => {
          if (acceptsAmountInput(v, props.scale)) props.onChange(v);
        }}
        data-testid="input-amount"
      />
      {props.all !== undefined ? (
        <button
          type="button"
          className="form-link"
          onClick={() => props.onChange(props.all ?? '')}
          data-testid="amount-all"
        >
          {t('common:form.amount.all')}
        </button>
      ) : null}
    </FormRow>
  );
}
