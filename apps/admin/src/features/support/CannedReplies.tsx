import { Button, Drawer, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import { LOCALES, type Locale } from '@tidemark/contract/locales';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { LANGUAGE_NAMES } from '../../lib/i18n.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

export interface CannedReply {
  id: number;
  locale: Locale;
  title: string;
  body: string;
}

/** The team's canned replies, per locale: added and removed here, inserted into a reply from the thread. */
export function CannedRepliesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useLoad<{ items: CannedReply[] }>('/admin/support/canned/list', {});
  const [form] = Form.useForm<{ locale: Locale; title: string; body: string }>();
  const { run, busy } = useAction();
  const add = (v: { locale: Locale; title: string; body: string }) =>
    run(async () => {
      await call('/admin/support/canned/save', v);
      form.resetFields(['title', 'body']);
      list.reload();
    }, t('chat.cannedSaved'));
  const remove = (id: number) =>
    run(async () => {
      await call('/admin/support/canned/delete', { id });
      list.reload();
    });
  return (
    <Drawer open={open} width={720} title={t('chat.canned')} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={add} initialValues={{ locale: 'en_us' }}>
        <Space align="start">
          <Form.Item name="locale" label={t('app.language')}>
            <Select style={{ width: 150 }} options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </Form.Item>
          <Form.Item name="title" label={t('chat.cannedTitle')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={80} style={{ width: 260 }} data-qa="canned-title" />
          </Form.Item>
        </Space>
        <Form.Item name="body" label={t('chat.cannedBody')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={2000} data-qa="canned-body" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-qa="canned-add">
          {t('chat.cannedAdd')}
        </Button>
      </Form>
      <Table<CannedReply>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data?.items ?? []}
        columns={[
          { title: t('app.language'), dataIndex: 'locale', render: (l: Locale) => LANGUAGE_NAMES[l] },
          { title: t('chat.cannedTitle'), dataIndex: 'title' },
          { title: t('chat.cannedBody'), dataIndex: 'body', ellipsis: true },
          {
            title: t('common.actions'),
            render: (_: unknown, c) => (
              <Popconfirm
                title={t('chat.cannedDelete')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => void remove(c.id)}
              >
                <Button size="small" danger>
                  {t('chat.cannedDelete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
