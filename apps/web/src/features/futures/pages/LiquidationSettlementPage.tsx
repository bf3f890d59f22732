import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router-dom';
import { LoadState } from '../../../components/LoadState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { Line } from '../../cycle/components/badges.tsx';
import { liquidationSettlementQuery } from '../api/futures.ts';
import { ratePercent } from '../model/contract-units.ts';
import { loadSettlementTexts } from '../model/settlement-texts.ts';
import { HeadedTable } from '../../../components/HeadedTable.tsx';
import '../../cycle/components/cycle.css';

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC');

/**
 * /liquidationSettlement/:positionId — how a liquidation was settled, laid out like the cycle contract's
 * verification: the index ticks (time, price, each source) with the mark of each, the one that decided it
 * marked; the inputs; the formulas; the figures recomputed from them beside the recorded ones; and the public
 * call anyone can make to get the same data.
 */
export default function LiquidationSettlementPage() {
  const { t, i18n } = useTranslation('futures');
  const positionId = Number(useParams().positionId);
  const q = useQuery(liquidationSettlementQuery(positionId));
  const texts = useQuery({
    queryKey: ['futures', 'settlement-texts', i18n.language],
    queryFn: loadSettlementTexts,
    staleTime: Infinity,
  });
  const d = q.data;
  if (!d || !texts.data) return <LoadState of={[q, texts]} />;
  const usdt = (v: string) => `${v} USDT`;
  return (
    <div className="cy-page" data-testid="liquidation-settlement">
      <section className="card">
        <div className="cy-record__head">
          <span className="cy-record__symbol">{d.symbol}</span>
          <span className={d.direction === 'long' ? 'is-up' : 'is-down'}>{t(`direction.${d.direction}`)}</span>
          <span>{t(`marginMode.${d.marginMode}`)}</span>
        </div>
        <Line label={t('settlement.time')} value={time(d.time)} />
        <Line label={t('position.quantity')} value={d.inputs.quantity} />
        <Line label={t('position.openPrice')} value={formatPrice(d.inputs.openPrice)} />
        <Line label={t('settlement.entryValue')} value={usdt(d.inputs.entryValue)} />
        <Line label={t('settlement.margin')} value={usdt(d.inputs.margin)} testId="settlement-margin" />
        <Line label={t('price.mark')} value={formatPrice(d.inputs.markPrice)} testId="settlement-mark" />
        <Line label={t('settlement.mmr')} value={`${ratePercent(d.inputs.maintenanceMarginRate, 2)}%`} />
        <Line label={t('settlement.maintAmount')} value={usdt(d.inputs.maintenanceAmount)} />
        <Line label={t('settlement.liqFeeRate')} value={`${ratePercent(d.inputs.liquidationFeeRate, 2)}%`} />
      </section>

      <section className="card">
        <div className="cy-label">{t('settlement.result')}</div>
        <Line label={t('position.value')} value={usdt(d.result.positionValue)} />
        <Line label={t('settlement.marginBalance')} value={usdt(d.result.marginBalance)} />
        <Line
          label={t('settlement.maintenanceMargin')}
          value={usdt(d.result.maintenanceMargin)}
          testId="settlement-maintenance"
        />
        <Line
          label={t('position.liquidation')}
          value={formatPrice(d.result.liquidationPrice)}
          testId="settlement-liquidation-price"
        />
        <Line
          label={t('settlement.bankruptcyPrice')}
          value={formatPrice(d.result.bankruptcyPrice)}
          testId="settlement-bankruptcy-price"
        />
        <div className="cy-ticks" data-testid="settlement-fills">
          <HeadedTable
            head={[t('settlement.fill'), t('settlement.pnl'), t('settlement.insurance'), t('settlement.toUser')]}
          >
            {d.result.fills.map((f, i) => (
              <tr key={i} data-kind={f.kind}>
                <td>
                  {t(`settlement.kind.${f.kind}`)} {f.quantity} @ {formatPrice(f.price)}
                </td>
                <td>{f.pnl}</td>
                <td>{f.insurance}</td>
                <td>{f.toUser}</td>
              </tr>
            ))}
          </HeadedTable>
        </div>
        <Line
          label={t('settlement.insuranceFund')}
          value={usdt(d.result.insuranceFund)}
          testId="settlement-insurance"
        />
        <div className={`cy-verify cy-verify--${d.agrees ? 'ok' : 'bad'}`} data-testid="settlement-agrees">
          {d.agrees ? t('settlement.agrees') : t('settlement.disagrees')}
        </div>
      </section>

      <section className="card">
        <div className="cy-label">{t('settlement.ticks')}</div>
        <div className="cy-ticks" data-testid="settlement-ticks">
          <HeadedTable
            head={[t('settlement.tickTime'), t('settlement.index'), t('price.mark'), t('settlement.sources')]}
          >
            {d.ticks.map((x) => (
              <tr key={x.time} data-used={x.used || undefined} className={x.used ? 'cy-ticks__row--exit' : undefined}>
                <td>{new Date(x.time).toISOString().slice(11, 19)}</td>
                <td>
                  {x.indexPrice}
                  {x.used && <span className="cy-flag">{t('settlement.used')}</span>}
                </td>
                <td>{x.markPrice ?? '--'}</td>
                <td className="cy-sources">
                  {Object.entries(x.sources)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </HeadedTable>
        </div>
        <div className="cy-label">{t('settlement.formula')}</div>
        <ul className="cy-note cy-mono" data-testid="settlement-formula">
          {Object.entries(d.formula).map(([k, v]) => (
            <li key={k}>{t(`settlement.formulaText.${k}`, { defaultValue: v })}</li>
          ))}
        </ul>
        <p className="cy-note">{t('settlement.publicCall')}</p>
        <code className="cy-code" data-testid="settlement-public-call">
          {`POST /api/xb/v1/futures/liquidation/settlement ${JSON.stringify({ positionId: d.positionId })}`}
        </code>
      </section>
      <Button block fill="none" onClick={() => history.back()}>
        {t('stopPl.back')}
      </Button>
    </div>
  );
}
