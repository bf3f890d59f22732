import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import { LazyPopup } from '../../../components/LazyPopup.tsx';
import Selector from 'antd-mobile/es/components/selector';
import type { FuturesContract, FuturesPosition } from '@tidemark/contract/futures';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { newClientOrderId } from '../../trade/model/client-order-id.ts';
import { adjustPositionMargin } from '../api/futures.ts';
import { previewMarginAdjust, type MarginAction } from '../model/margin-adjust.ts';
import { showToast } from '../../../lib/feedback.ts';

/**
 * "Adjust margin" of an isolated position: add from the futures wallet or remove back to it, within the
 * bounds the server enforces (model/margin-adjust.ts mirrors them), with the resulting estimated
 * liquidation price shown before confirming. One request id per confirmed submission, so a retried
 * request cannot move the margin twice.
 */
export function MarginAdjustSheet(props: {
  position: FuturesPosition;
  contract: FuturesContract | undefined;
  /** The futures wallet's available USDT; undefined while it loads. */
  available: string | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('futures');
  const p = props.position;
  const [action, setAction] = useState<MarginAction>('add');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const preview = props.contract
    ? previewMarginAdjust({ contract: props.contract, position: p, available: props.available, action, amount })
    : null;
  const max = action === 'add' ? preview?.maxAdd : preview?.maxRemove;

  async function submit() {
    if (!preview?.sendable || busy) return;
    setBusy(true);
    try {
      await adjustPositionMargin({ requestId: newClientOrderId(), symbol: p.symbol, action, amount: amount.trim() });
      showToast({ icon: 'success', content: t(`margin.done.${action}`) });
      props.onDone();
    } catch {
      // the API client has shown the server's localized message
    } finally {
      setBusy(false);
    }
  }

  const line = (label: string, value: string, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <LazyPopup
      visible
      onMaskClick={props.onClose}
      bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      destroyOnClose
    >
      <div className="futures-sheet" data-testid="margin-sheet">
        <div className="futures-sheet__title">
          {t('margin.title')} · {p.symbol} {t(`direction.${p.direction}`)} {p.leverage}×
        </div>
        <Selector
          columns={2}
          value={[action]}
          onChange={(v) => {
            if (!v[0]) return;
            setAction(v[0]);
            setAmount('');
          }}
          options={[
            { label: t('margin.add'), value: 'add' as const },
            { label: t('margin.remove'), value: 'remove' as const },
          ]}
          data-testid="margin-action"
        />
        <label className="ticket__field futures-sheet__amount">
          <span>{t('margin.amount')}</span>
          <Input
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            placeholder="USDT"
            data-testid="margin-amount"
          />
          {max && max !== '0' && (
            <button
              type="button"
              className="futures-sheet__max"
              onClick={() => setAmount(max)}
              data-testid="margin-max"
            >
              {t('margin.all')}
            </button>
          )}
        </label>
        <dl className="ticket__summary" data-testid="margin-summary">
          {line(t(`margin.max.${action}`), max ? `${max} USDT` : '--', 'margin-max-value')}
          {line(t('margin.current'), `${p.margin} USDT`)}
          {line(t('margin.after'), preview?.newMargin ? `${preview.newMargin} USDT` : '--', 'margin-after')}
          {line(t('position.liquidation'), formatPrice(p.estimatedLiquidationPrice))}
          {line(
            t('margin.liquidationAfter'),
            preview?.newMargin ? `≈ ${formatPrice(preview.estimatedLiquidationPrice)}` : '--',
            'margin-liquidation-after',
          )}
        </dl>
        <p className="muted futures-sheet__note">{t(`margin.note.${action}`)}</p>
        {preview?.error && (
          <p className="futures-error" role="alert" data-testid="margin-error">
            {t(`margin.error.${preview.error}`, { max: max ?? '' })}
          </p>
        )}
        <div className="futures-sheet__actions">
          <Button block onClick={props.onClose}>
            {t('close.keep')}
          </Button>
          <ActionButton
            block
            color="primary"
            busy={busy}
            disabled={!preview?.sendable}
            onAction={submit}
            testId="margin-confirm"
          >
            {t(`margin.confirm.${action}`)}
          </ActionButton>
        </div>
      </div>
    </LazyPopup>
  );
}
