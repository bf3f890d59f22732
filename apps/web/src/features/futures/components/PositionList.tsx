import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { useQueryClient } from '@tanstack/react-query';
import type { FuturesContract, FuturesPosition } from '@tidemark/contract/futures';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { newClientOrderId } from '../../trade/model/client-order-id.ts';
import { closeAllPositions, closePosition } from '../api/futures.ts';
import { contractUnits, qtyLots } from '../model/contract-units.ts';
import { MarginAdjustSheet } from './MarginAdjustSheet.tsx';
import { PositionCard } from './PositionCard.tsx';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';

/**
 * The open positions with partial close, fast close and close all (spec §2: each after a confirmation),
 * the TP/SL entry (/stopPl) and, on an isolated position, margin add / remove (MarginAdjustSheet). Every close is a market order the server places; one request id per
 * confirmed action, so a retried request cannot close twice.
 */
export function PositionList(props: {
  positions: FuturesPosition[] | undefined;
  contracts: FuturesContract[];
  coinType: number;
  /** The futures wallet's available USDT (the most margin that can be added). */
  available: string | undefined;
}) {
  const { t } = useTranslation('futures');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [partial, setPartial] = useState<FuturesPosition | null>(null);
  const [adjusting, setAdjusting] = useState<FuturesPosition | null>(null);
  const positions = props.positions ?? [];
  const refresh = () => void refreshMoney(queryClient);

  async function fastClose(p: FuturesPosition) {
    const ok = await confirmDialog({
      title: t('close.fastTitle'),
      content: t('close.fastConfirm', { symbol: p.symbol, quantity: p.quantity }),
      confirmText: t('close.fast'),
      cancelText: t('close.keep'),
    });
    if (!ok) return;
    try {
      await closePosition({ clientOrderId: newClientOrderId(), symbol: p.symbol });
      showToast({ icon: 'success', content: t('close.done') });
    } finally {
      refresh();
    }
  }

  async function closeAll() {
    const ok = await confirmDialog({
      title: t('close.allTitle'),
      content: t('close.allConfirm', { count: positions.length }),
      confirmText: t('close.all'),
      cancelText: t('close.keep'),
    });
    if (!ok) return;
    try {
      const r = await closeAllPositions(newClientOrderId());
      showToast({ icon: 'success', content: t('close.allDone', { count: r.orders.length }) });
    } finally {
      refresh();
    }
  }

  return (
    <section className="card" data-testid="positions">
      <header className="card__head">
        <h2 className="card__title">{t('position.title', { count: positions.length })}</h2>
        <div className="open-orders__actions">
          {positions.length > 0 && (
            <Button size="mini" color="danger" fill="outline" onClick={() => void closeAll()} data-testid="close-all">
              {t('close.all')}
            </Button>
          )}
          <Link to={`/contractRecord/${props.coinType}`} data-testid="contract-record-link">
            {t('record.link')}
          </Link>
        </div>
      </header>
      {positions.length === 0 ? (
        <EmptyState title={t('position.none')} />
      ) : (
        <ul className="order-list">
          {positions.map((p) => (
            <PositionCard
              key={p.id}
              position={p}
              actions={
                <div className="position-card__actions">
                  {p.marginMode === 'isolated' && (
                    <Button size="mini" onClick={() => setAdjusting(p)} data-testid="adjust-margin">
                      {t('margin.entry')}
                    </Button>
                  )}
                  <Button size="mini" onClick={() => setPartial(p)} data-testid="partial-close">
                    {t('close.partial')}
                  </Button>
                  <Button size="mini" onClick={() => navigate(`/stopPl?symbol=${p.symbol}`)} data-testid="set-tpsl">
                    {t('stopPl.entry')}
                  </Button>
                  <Button size="mini" color="danger" onClick={() => void fastClose(p)} data-testid="fast-close">
                    {t('close.fast')}
                  </Button>
                </div>
              }
            />
          ))}
        </ul>
      )}
      {adjusting && (
        <MarginAdjustSheet
          // the latest answer of the same position: bounds follow the mark while the sheet is open
          position={positions.find((p) => p.id === adjusting.id) ?? adjusting}
          contract={props.contracts.find((c) => c.symbol === adjusting.symbol)}
          available={props.available}
          onClose={() => setAdjusting(null)}
          onDone={() => {
            setAdjusting(null);
            refresh();
          }}
        />
      )}
      {partial && (
        <PartialCloseDialog
          position={partial}
          contract={props.contracts.find((c) => c.symbol === partial.symbol)}
          onDone={() => {
            setPartial(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}

/** Asks how much to close (within the closable amount), then confirms before sending. */
function PartialCloseDialog(props: {
  position: FuturesPosition;
  contract: FuturesContract | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('futures');
  const p = props.position;
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const c = props.contract ? contractUnits(props.contract) : null;
  const lots = c && quantity.trim() ? qtyLots(c, quantity) : null;
  const closable = c ? (qtyLots(c, p.closableQuantity) ?? 0n) : 0n;
  const error = !quantity.trim()
    ? null
    : lots === null || lots <= 0n
      ? t('close.quantityInvalid', { step: props.contract?.stepSize ?? '' })
      : lots > closable
        ? t('close.quantityTooLarge', { max: p.closableQuantity })
        : null;

  async function submit() {
    if (error || lots === null || busy) return;
    setBusy(true);
    try {
      await closePosition({ clientOrderId: newClientOrderId(), symbol: p.symbol, quantity });
      showToast({ icon: 'success', content: t('close.done') });
      props.onDone();
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      visible
      title={t('close.partialTitle')}
      onClose={props.onDone}
      content={
        <div className="partial-close" data-testid="partial-close-dialog">
          <p>{t('close.partialConfirm', { symbol: p.symbol, max: p.closableQuantity })}</p>
          <Input
            inputMode="decimal"
            value={quantity}
            onChange={setQuantity}
            placeholder={t('close.quantity')}
            data-testid="partial-quantity"
            className="futures-input"
          />
          {error && (
            <p className="futures-error" role="alert">
              {error}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('close.keep'), onClick: props.onDone },
          {
            key: 'ok',
            text: t('close.partial'),
            bold: true,
            danger: true,
            disabled: error !== null || lots === null || busy,
            onClick: () => void submit(),
          },
        ],
      ]}
    />
  );
}
