import { LoopOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import { pickSide, swapped, type SwapPair } from '../model/swap-pair.ts';

/**
 * The "from ⇄ to" row of the transfer and convert forms: two pickers over the same options and a
 * button between them that turns the pair round. The two sides never hold the same value.
 */
export function SwapPairField<T extends string>(props: {
  pair: SwapPair<T>;
  options: Array<{ value: T; label: string; coinType?: number }>;
  labels: { from: string; to: string };
  swapTestId: string;
  onChange: (pair: SwapPair<T>) => void;
}) {
  const { t } = useTranslation('wallet');
  const side = (name: keyof SwapPair<T>) => (
    <div className="wal-swap__col">
      <div className="form-row__label">{props.labels[name]}</div>
      <ChoiceField
        title={props.labels[name]}
        testId={`pick-${name}`}
        value={props.pair[name]}
        options={props.options}
        onChange={(v) => props.onChange(pickSide(props.pair, name, v as T))}
      />
    </div>
  );
  return (
    <div className="wal-swap form-row">
      {side('from')}
      <button
        type="button"
        className="wal-swap__btn"
        aria-label={t('transfer.swap')}
        onClick={() => props.onChange(swapped(props.pair))}
        data-testid={props.swapTestId}
      >
        <LoopOutline />
      </button>
      {side('to')}
    </div>
  );
}
