import { Button, Form, Input, Segmented, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDrawer } from '../../components/RecordDrawer.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

interface Ticket {
  id: number;
  userId: number;
  title: string;
  content: string;
  state: 'waiting' | 'replied';
  source: string;
  createdAt: number;
  updatedAt: number;
}

interface Thread extends Ticket {
  messages: { id: number; author: 'user' | 'operator'; content: string; createdAt: number }[];
}

function ThreadView({ id, onReplied }: { id: number; onReplied: () => void }) {
  const { t } = useTranslation();
  const thread = useLoad<Thread>('/admin/support/ticket/detail', { id });
  const [form] = Form.useForm<{ content: string }>();
  const { run, busy } = useAction();
  const reply = (v: { content: string }) =>
    run(async () => {
      await call('/admin/support/ticket/reply', { id, content: v.content });
      form.resetFields();
      thread.reload();
      onReplied();
    }, t('tickets.sent'));
  if (!thread.data) return null;
  return (
    <>
      <Typography.Title level={5}>{thread.data.title}</Typography.Title>
      <Timeline
        items={thread.data.messages.map((m) => ({
          color: m.author === 'operator' ? 'blue' : 'gray',
          content: (
            <>
              <Typography.Text type="secondary">
                {m.author === 'operator' ? t('tickets.agent') : t('common.user')} · {formatTime(m.createdAt)}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.content}</Typography.Paragraph>
            </>
          ),
        }))}
      />
      <Form form={form} layout="vertical" onFinish={reply}>
        <Form.Item name="content" label={t('tickets.reply')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('tickets.send')}
        </Button>
      </Form>
    </>
  );
}

/** The support ticket queue: tickets waiting for a reply first, each thread answered in place. */
export function TicketsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'waiting' | 'replied'>('waiting');
  const [page, setPage] = useState(1);
  const list = useLoad<{ list: Ticket[]; total: number }>('/admin/support/ticket/list', { state, page, size: 20 });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <Typography.Title level={3}>{t('nav.tickets')}</Typography.Title>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        options={(['waiting', 'replied'] as const).map((s) => ({ value: s, label: t(`tickets.states.${s}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Table<Ticket>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: Number(list.data?.total ?? 0), onChange: setPage }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.user'), dataIndex: 'userId' },
          { title: t('tickets.subject'), dataIndex: 'title' },
          { title: t('tickets.message'), dataIndex: 'content', ellipsis: true },
          {
            title: t('common.status'),
            dataIndex: 'state',
            render: (s: string) => <Tag color={s === 'waiting' ? 'gold' : 'green'}>{t(`tickets.states.${s}`)}</Tag>,
          },
          { title: t('common.time'), dataIndex: 'updatedAt', render: formatTime },
        ]}
      />
      <RecordDrawer of={open} width={640} title={t('tickets.thread')} onClose={() => setOpen(null)}>
        {(id) => <ThreadView id={id} onReplied={list.reload} />}
      </RecordDrawer>
    </>
  );
}
