import { Button, Checkbox, Descriptions, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ReasonField } from '../../components/ReasonModal.tsx';
import { ListTable } from '../../components/ListTable.tsx';

interface Coupon {
  id: number;
  value: string;
  payPercent: number;
  offPercent: number;
  products: string[];
  symbols: string[];
  expiresAt: number;
  status: 'active' | 'expired';
  source: 'operator' | 'invite';
  reason: string;
}
interface Responsible {
  enforced: boolean;
  quizPassedAt: number | null;
  excludedUntil: number | null;
  leverageCap: { cap: number; until: number } | null;
  exclusions: Array<{ period: string; until: number; setAt: number }>;
}
interface GrantForm {
  value: string;
  products: string[];
  symbols?: string;
  days: number;
  reason: string;
}

const DAY = 86_400_000;

/**
 * A user's fee coupons (finance grants one: value by the spec §9 rule, products, markets, days, reason — audited)
 * and their responsible-trading state: quiz, leverage cap, cooling-off and its history (read only).
 */
export function UserCoupons({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<GrantForm>();
  const coupons = useLoad<Coupon[]>('/admin/coupon/list', { userId });
  const responsible = useLoad<Responsible>('/admin/responsible/user', { userId });
  const canGrant = !!me && hasRole(me.roles, ['finance']);

  const grant = (v: GrantForm) =>
    run(async () => {
      const symbols = (v.symbols ?? '')
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      await call('/admin/coupon/grant', {
        userId,
        value: v.value.trim(),
        products: v.products,
        symbols,
        // whole days from now: the server checks the expiry against its own clock
        expiresAt: Date.now() + v.days * DAY,
        reason: v.reason,
      });
      setOpen(false);
      coupons.reload();
    }, t('coupons.granted'));

  const r = responsible.data;
  return (
    <>
      <Typography.Title level={5}>{t('coupons.title')}</Typography.Title>
      {canGrant && (
        <Button onClick={() => setOpen(true)} style={{ marginBottom: 8 }} data-qa="coupon-grant">
          {t('coupons.grant')}
        </Button>
      )}
      <ListTable
        dataSource={coupons.data ?? []}
        locale={{ emptyText: t('coupons.none') }}
        columns={[
          { title: t('coupons.value'), dataIndex: 'value' },
          {
            title: t('coupons.rule'),
            render: (_: unknown, c: Coupon) => t('coupons.ruleText', { pay: c.payPercent, off: c.offPercent }),
          },
          {
            title: t('coupons.appliesTo'),
            render: (_: unknown, c: Coupon) =>
              `${c.products.map((p) => t(`coupons.${p}`)).join(', ')} — ${c.symbols.length ? c.symbols.join(', ') : t('coupons.allMarkets')}`,
          },
          { title: t('coupons.expires'), dataIndex: 'expiresAt', render: formatTime },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => t(`coupons.${s}`) },
          { title: t('coupons.source'), dataIndex: 'source', render: (s: string) => t(`coupons.${s}`) },
          { title: t('common.reason'), dataIndex: 'reason' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('coupons.responsible')}
      </Typography.Title>
      {r && (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('coupons.quiz')}>
            {r.quizPassedAt ? t('coupons.passed', { time: formatTime(r.quizPassedAt) }) : t('coupons.notPassed')}
          </Descriptions.Item>
          <Descriptions.Item label={t('coupons.cap')}>
            {r.leverageCap
              ? t('coupons.capValue', { cap: r.leverageCap.cap, time: formatTime(r.leverageCap.until) })
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('coupons.coolingOff')}>
            {r.excludedUntil ? t('coupons.until', { time: formatTime(r.excludedUntil) }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('coupons.history')}>
            {r.exclusions.length
              ? r.exclusions.map((x) => `${x.period} (${formatTime(x.setAt)} → ${formatTime(x.until)})`).join('; ')
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <FormModal
        open={open}
        title={t('coupons.grant')}
        busy={busy}
        onCancel={() => setOpen(false)}
        form={form}
        onSubmit={grant}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ products: ['spot'], days: 30 }}>
          <Form.Item
            name="value"
            label={t('coupons.value')}
            extra={t('coupons.valueHelp')}
            rules={[{ required: true, pattern: /^[1-9](\.\d)?$/, message: t('coupons.valueHelp') }]}
          >
            <Input style={{ width: 120 }} data-qa="coupon-value" />
          </Form.Item>
          <Form.Item name="products" label={t('coupons.appliesTo')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <Checkbox.Group
              options={[
                { value: 'spot', label: t('coupons.spot') },
                { value: 'futures', label: t('coupons.futures') },
              ]}
            />
          </Form.Item>
          <Form.Item name="symbols" label={t('coupons.symbols')} extra={t('coupons.symbolsHelp')}>
            <Input data-qa="coupon-symbols" />
          </Form.Item>
          <Form.Item name="days" label={t('coupons.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={366} precision={0} style={{ width: 120 }} data-qa="coupon-days" />
          </Form.Item>
          <ReasonField />
        </Form>
      </FormModal>
    </>
  );
}
