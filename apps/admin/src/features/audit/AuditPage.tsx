import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

interface AuditEntry {
  id: number;
  operatorId: number | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

interface FilterForm {
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

type Filter = Record<string, string | number>;

function toFilter(v: FilterForm): Filter {
  const f: Filter = {};
  if (v.operatorId) f.operatorId = v.operatorId;
  if (v.action?.trim()) f.action = v.action.trim();
  if (v.targetType?.trim()) f.targetType = v.targetType.trim();
  if (v.targetId?.trim()) f.targetId = v.targetId.trim();
  if (v.range?.[0]) f.from = v.range[0].valueOf();
  if (v.range?.[1]) f.to = v.range[1].valueOf();
  return f;
}

/** Every operator action, newest first, filtered by operator, action, target and time; CSV export. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const list = useLoad<{ entries: AuditEntry[] }>('/admin/audit/list', { ...filter, limit: 500 });
  const { run, busy } = useAction();
  const exportCsv = () => run(() => download('/admin/audit/export', filter, 'audit-log.csv'));
  return (
    <>
      <Typography.Title level={3}>{t('nav.audit')}</Typography.Title>
      <Form<FilterForm>
        layout="inline"
        onFinish={(v) => setFilter(toFilter(v))}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="operatorId" label={t('audit.operator')}>
          <InputNumber min={1} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input placeholder="kyc.approve" style={{ width: 180 }} data-qa="audit-action" />
        </Form.Item>
        <Form.Item name="targetType" label={t('audit.target')}>
          <Input placeholder="withdrawal" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="targetId">
          <Input placeholder={t('common.id')} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="range" label={t('common.time')}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.filter')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void exportCsv()}>
            {t('audit.export')}
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.entries ?? []}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(Date.parse(v)) },
          { title: t('audit.operator'), dataIndex: 'operatorId', render: orDash },
          { title: t('audit.action'), dataIndex: 'action' },
          { title: t('audit.target'), render: (_, r) => (r.targetType ? `${r.targetType} #${r.targetId}` : '—') },
          { title: t('audit.detail'), dataIndex: 'detail', render: (d: unknown) => JSON.stringify(d), ellipsis: true },
          { title: t('audit.ip'), dataIndex: 'ip' },
        ]}
      />
    </>
  );
}
