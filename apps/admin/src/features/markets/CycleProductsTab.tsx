import { Button, Input, Modal, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { DECIMAL, decimalField, useRowEditor } from '../../components/row-editor.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';

interface Product {
  instrument: string;
  period: number;
  enabled: boolean;
  payoutRate: string;
  feeRate: string;
  minStake: string;
  maxStake: string;
  exposureLimit: string;
  houseEdgePercent: string;
}
interface SwitchRow {
  scope: 'instrument' | 'period' | 'country';
  key: string;
  enabled: boolean;
}
type Edit = Pick<Product, 'payoutRate' | 'feeRate' | 'minStake' | 'maxStake' | 'exposureLimit'>;

/**
 * Fixed-period products: periods, payout, fee and limits per product, on/off switches (instrument,
 * period, country), and pool funding. Open contracts keep their terms; nothing here sets a price or
 * a result. Every change is finance's and audited by the server.
 */
export function CycleProductsTab() {
  const { t } = useTranslation();
  const { me } = useMe();
  const canEdit = me !== null && hasRole(me.roles, ['finance']);
  const data = useLoad<{ products: Product[]; switches: SwitchRow[] }>('/admin/cycle/products');
  const action = useAction();
  const { run, busy } = action;
  const [country, setCountry] = useState('');
  const [fund, setFund] = useState<{ amount: string; memo: string }>({ amount: '', memo: '' });

  const editor = useRowEditor<Product, Edit>({
    title: (p) => `${p.instrument} · ${p.period}s`,
    fields: [
      { name: 'payoutRate', label: t('markets.payoutRate'), rules: [{ required: true }] },
      { name: 'feeRate', label: t('markets.feeRate'), rules: [{ required: true }] },
      decimalField('minStake', t('markets.minStake')),
      decimalField('maxStake', t('markets.maxStake')),
      decimalField('exposureLimit', t('markets.exposureLimit')),
    ],
    valuesOf: (p) => p,
    save: (p, v) => call('/admin/cycle/products/update', { instrument: p.instrument, period: p.period, ...v }),
    done: t('markets.saved'),
    reload: data.reload,
    action,
  });
  const toggle = (instrument: string, period: number, enabled: boolean) =>
    run(async () => {
      await call('/admin/cycle/products/update', { instrument, period, enabled });
      data.reload();
    }, t('markets.saved'));
  const setSwitch = (scope: SwitchRow['scope'], key: string, enabled: boolean) =>
    run(async () => {
      await call('/admin/cycle/switch', { scope, key, enabled });
      data.reload();
    }, t('markets.saved'));
  const fundPool = () =>
    Modal.confirm({
      title: t('markets.fundConfirm', { amount: fund.amount }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        run(async () => {
          const r = await call<{ pool: string }>('/admin/cycle/pool/fund', fund);
          setFund({ amount: '', memo: '' });
          return r;
        }, t('markets.funded')),
    });

  if (data.error && !data.data) return <Tag color="red">{data.error.message}</Tag>;
  return (
    <>
      <Table<Product>
        rowKey={(p) => `${p.instrument}:${p.period}`}
        size="small"
        pagination={false}
        loading={data.loading}
        dataSource={data.data?.products ?? []}
        columns={[
          { title: t('markets.instrument'), dataIndex: 'instrument' },
          { title: t('markets.period'), dataIndex: 'period', render: (v: number) => `${v}s` },
          { title: t('markets.payoutRate'), dataIndex: 'payoutRate', align: 'right' },
          { title: t('markets.houseEdge'), dataIndex: 'houseEdgePercent', align: 'right', render: (v) => `${v}%` },
          { title: t('markets.feeRate'), dataIndex: 'feeRate', align: 'right' },
          { title: t('markets.stakeLimits'), render: (_: unknown, p) => `${p.minStake} – ${p.maxStake}` },
          { title: t('markets.exposureLimit'), dataIndex: 'exposureLimit', align: 'right' },
          {
            title: t('markets.enabled'),
            render: (_: unknown, p) => (
              <Switch
                checked={p.enabled}
                disabled={!canEdit}
                onChange={(v) => void toggle(p.instrument, p.period, v)}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, p: Product) => (
                    <Button size="small" onClick={() => editor.edit(p)}>
                      {t('markets.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <SectionTitle>{t('markets.switches')}</SectionTitle>
      <Space wrap>
        {(data.data?.switches ?? []).map((s) => (
          <Tag key={`${s.scope}:${s.key}`} color={s.enabled ? 'green' : 'red'}>
            {t(`markets.scope.${s.scope}`)} {s.key}{' '}
            {canEdit && <Switch size="small" checked={s.enabled} onChange={(v) => void setSwitch(s.scope, s.key, v)} />}
          </Tag>
        ))}
      </Space>
      {canEdit && (
        <>
          <Space style={{ marginTop: 8 }}>
            <Input
              placeholder={t('markets.countryCode')}
              value={country}
              maxLength={2}
              style={{ width: 140 }}
              onChange={(e) => setCountry(e.target.value.toUpperCase())}
            />
            <Button disabled={!/^[A-Z]{2}$/.test(country)} onClick={() => void setSwitch('country', country, false)}>
              {t('markets.blockCountry')}
            </Button>
          </Space>
          <SectionTitle>{t('markets.pool')}</SectionTitle>
          <Space>
            <Input
              placeholder={t('common.amount')}
              value={fund.amount}
              style={{ width: 160 }}
              onChange={(e) => setFund({ ...fund, amount: e.target.value.trim() })}
            />
            <Input
              placeholder={t('markets.memo')}
              value={fund.memo}
              style={{ width: 280 }}
              onChange={(e) => setFund({ ...fund, memo: e.target.value })}
            />
            <Button
              type="primary"
              loading={busy}
              disabled={!DECIMAL.test(fund.amount) || !fund.memo.trim()}
              onClick={fundPool}
            >
              {t('markets.fund')}
            </Button>
          </Space>
        </>
      )}
      {editor.modal}
    </>
  );
}
