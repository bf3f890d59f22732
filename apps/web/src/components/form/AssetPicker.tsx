import { useTranslation } from '../../lib/use-translation.ts';
import { assetOptions } from './asset-choice.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { FormRow } from './FormRow.tsx';

/**
 * The currency row of a money form and, when `onChain` is given, the chain row beneath it (one
 * chip per chain of the chosen currency).
 */
export function AssetPicker(props: {
  assets: ReadonlyArray<{ currency: string; name?: string; coinType?: number }>;
  currency: string;
  onCurrency: (currency: string) => void;
  chains?: ReadonlyArray<{ chain: string }>;
  chain?: string;
  onChain?: (chain: string) => void;
}) {
  const { t } = useTranslation();
  const title = t('common:form.asset.currency');
  const { onChain } = props;
  return (
    <>
      <FormRow name="currency" label={title}>
        <ChoiceField
          title={title}
          testId="pick-currency"
          value={props.currency}
          options={assetOptions(props.assets)}
          onChange={props.onCurrency}
        />
      </FormRow>
      {onChain ? (
        <FormRow name="chain" label={t('common:form.asset.chain')}>
          <div className="form-chips">
            {(props.chains ?? []).map((c) => (
              <button
                key={c.chain}
                type="button"
                className="form-chip"
                aria-pressed={c.chain === props.chain}
                onClick={() => onChain(c.chain)}
                data-testid={`chain-${c.chain}`}
              >
                {c.chain}
              </button>
            ))}
          </div>
        </FormRow>
      ) : null}
    </>
  );
}
