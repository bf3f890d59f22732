import { Button, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { MarketParametersModal, type MarketParameters } from './MarketParametersModal.tsx';

type Status = 'trading' | 'halted' | 'cancel_only';
const STATUSES: readonly Status[] = ['trading', 'cancel_only', 'halted'];
const COLORS: Record<Status, string> = { trading: 'green', cancel_only: 'gold', halted: 'red' };

interface MarketRow {
  symbol: string;
  tickSize: string;
  stepSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  maxLeverage?: number;
  status: Status;
  reason: string | null;
  updatedAt: number | null;
}

/**
 * The spot markets or futures contracts with their parameters in force and their trading status.
 * Finance switches a status, and changes a market's or contract's fees and minimum, after confirming
 * with a reason (the audit log keeps it); neither touches a price or the orders on the book.
 */
export function MarketStatusTable({ product }: { product: 'spot' | 'futures' }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const canSwitch = me !== null && hasRole(me.roles, ['finance']);
  const list = useLoad<{ markets: MarketRow[] }>(`/admin/${product}/markets`);
  const { run } = useAction();
  const [pending, setPending] = useState<{ symbol: string; status: Status } | null>(null);
  const [editing, setEditing] = useState<MarketRow | null>(null);
  // fees and minimums of spot markets and futures contracts alike (tick and step stay fixed)
  const canEdit = canSwitch;
  const save = (changes: Partial<MarketParameters>, reason: string) =>
    editing &&
    run(async () => {
      await call(`/admin/${product}/markets/parameters`, { symbol: editing.symbol, ...changes, reason });
      setEditing(null);
      list.reload();
    }, t('markets.parameters.saved'));
  const apply = (reason: string) =>
    pending &&
    run(async () => {
      await call(`/admin/${product}/markets/status`, { ...pending, reason });
      setPending(null);
      list.reload();
    }, t('markets.switched'));

  return (
    <>
      <Table<MarketRow>
        rowKey="symbol"
        size="small"
        loading={list.loading}
        pagination={false}
        dataSource={list.data?.markets ?? []}
        columns={[
          { title: t('markets.symbol'), dataIndex: 'symbol' },
          { title: t('markets.tick'), dataIndex: 'tickSize', align: 'right' },
          { title: t('markets.step'), dataIndex: 'stepSize', align: 'right' },
          { title: t('markets.minNotional'), dataIndex: 'minNotional', align: 'right' },
          { title: t('markets.makerFee'), dataIndex: 'makerFee', align: 'right' },
          { title: t('markets.takerFee'), dataIndex: 'takerFee', align: 'right' },
          ...(product === 'futures'
            ? [{ title: t('markets.maxLeverage'), dataIndex: 'maxLeverage', align: 'right' as const }]
            : []),
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (s: Status, r) => (
              <Tooltip title={r.reason ? `${r.reason} · ${formatTime(r.updatedAt)}` : undefined}>
                <Tag color={COLORS[s]} data-qa={`market-status-${r.symbol}`}>
                  {t(`markets.status.${s}`)}
                </Tag>
              </Tooltip>
            ),
          },
          ...(canSwitch
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, r: MarketRow) => (
                    <Space size="small">
                      {canEdit && (
                        <Button size="small" data-qa={`market-edit-${r.symbol}`} onClick={() => setEditing(r)}>
                          {t('markets.edit')}
                        </Button>
                      )}
                      {STATUSES.filter((s) => s !== r.status).map((s) => (
                        <Button
                          key={s}
                          size="small"
                          danger={s === 'halted'}
                          data-qa={`market-${s}-${r.symbol}`}
                          onClick={() => setPending({ symbol: r.symbol, status: s })}
                        >
                          {t(`markets.to.${s}`)}
                        </Button>
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ReasonModal
        open={pending !== null}
        title={
          pending ? t('markets.confirm', { symbol: pending.symbol, status: t(`markets.status.${pending.status}`) }) : ''
        }
        onCancel={() => setPending(null)}
        onOk={(reason) => void apply(reason)}
      />
      <MarketParametersModal
        symbol={editing?.symbol ?? null}
        current={
          editing ? { makerFee: editing.makerFee, takerFee: editing.takerFee, minNotional: editing.minNotional } : null
        }
        onCancel={() => setEditing(null)}
        onOk={(changes, reason) => void save(changes, reason)}
      />
    </>
  );
}
