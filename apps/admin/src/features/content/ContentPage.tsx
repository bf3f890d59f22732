import { Button, DatePicker, Form, Input, Segmented, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { LOCALES, type Locale } from '@tidemark/contract/locales';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { LANGUAGE_NAMES } from '../../lib/i18n.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { FormModal } from '../../components/FormModal.tsx';

type ContentType = 'notice' | 'document' | 'faq';
type Texts = Partial<Record<Locale, { title: string; summary?: string | null; body: string }>>;

interface Item {
  id: number;
  type: ContentType;
  code: string | null;
  pinned: boolean;
  published: boolean;
  publishedAt: number;
  texts: Texts;
}

interface EditForm {
  code?: string;
  pinned: boolean;
  published: boolean;
  publishedAt: Dayjs;
  texts: Texts;
}

/** The body through the server's sanitizer, shown exactly as the app will show it to users. */
function Preview({ body }: { body: string }) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [html, setHtml] = useState<string | null>(null);
  const show = () => run(async () => setHtml((await call<{ html: string }>('/admin/content/preview', { body })).html));
  return (
    <>
      <Button size="small" onClick={() => void show()} loading={busy} disabled={!body}>
        {t('content.preview')}
      </Button>
      {html !== null && (
        // sanitized by the server, the same rule the retail app's content goes through
        <div
          data-qa="content-preview"
          style={{ border: '1px dashed #d9d9d9', padding: 12, marginTop: 8, background: '#fff' }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </>
  );
}

function LocaleFields({ locale, form }: { locale: Locale; form: ReturnType<typeof Form.useForm<EditForm>>[0] }) {
  const { t } = useTranslation();
  const body = Form.useWatch(['texts', locale, 'body'], form) ?? '';
  return (
    <>
      <Form.Item name={['texts', locale, 'title']} label={t('content.title')}>
        <Input data-qa={`title-${locale}`} />
      </Form.Item>
      <Form.Item name={['texts', locale, 'summary']} label={t('content.summary')}>
        <Input />
      </Form.Item>
      <Form.Item name={['texts', locale, 'body']} label={t('content.body')} extra={t('content.bodyHint')}>
        <Input.TextArea rows={8} data-qa={`body-${locale}`} />
      </Form.Item>
      <Preview body={body} />
    </>
  );
}

/** Notices, documents and FAQ per locale: write, preview as users see it, schedule, pin, publish. */
export function ContentPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ContentType>('notice');
  const [page, setPage] = useState(1);
  const list = useLoad<{ list: Item[]; total: number }>('/admin/content/item/list', { type, page, size: 20 });
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [form] = Form.useForm<EditForm>();
  const { run, busy } = useAction();

  const open = (item: Item | 'new') => {
    setEditing(item);
    form.setFieldsValue(
      item === 'new'
        ? { pinned: false, published: true, publishedAt: dayjs(), texts: {}, code: '' }
        : { ...item, code: item.code ?? '', publishedAt: dayjs(item.publishedAt) },
    );
  };
  const save = (v: EditForm) =>
    run(async () => {
      const texts: Texts = {};
      for (const l of LOCALES) {
        const x = v.texts?.[l];
        if (x?.title?.trim() && x.body?.trim())
          texts[l] = { title: x.title, summary: x.summary || undefined, body: x.body };
      }
      await call('/admin/content/item/save', {
        ...(editing !== 'new' && editing ? { id: editing.id } : {}),
        type,
        code: v.code?.trim() ? v.code.trim() : null,
        pinned: v.pinned,
        published: v.published,
        publishedAt: v.publishedAt.valueOf(),
        texts,
      });
      setEditing(null);
      list.reload();
    }, t('content.saved'));

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3}>{t('nav.content')}</Typography.Title>
        <Button type="primary" onClick={() => open('new')} data-qa="content-new">
          {t('content.new')}
        </Button>
      </Space>
      <Segmented<ContentType>
        value={type}
        onChange={(v) => {
          setType(v);
          setPage(1);
        }}
        options={(['notice', 'document', 'faq'] as const).map((x) => ({ value: x, label: t(`content.types.${x}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Table<Item>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: Number(list.data?.total ?? 0), onChange: setPage }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('content.title'), render: (_, r) => r.texts.en_us?.title ?? Object.values(r.texts)[0]?.title },
          { title: t('content.locales'), render: (_, r) => Object.keys(r.texts).join(' ') },
          {
            title: t('common.status'),
            render: (_, r) => (
              <>
                {r.pinned && <Tag color="gold">{t('content.pinned')}</Tag>}
                <Tag color={r.published ? 'green' : 'default'}>
                  {r.published ? t('content.published') : t('content.draft')}
                </Tag>
              </>
            ),
          },
          { title: t('content.publishedAt'), dataIndex: 'publishedAt', render: formatTime },
        ]}
      />
      <FormModal
        open={editing !== null}
        width={900}
        title={editing === 'new' ? t('content.new') : t('content.edit')}
        busy={busy}
        onCancel={() => setEditing(null)}
        form={form}
        onSubmit={save}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Space wrap>
            <Form.Item name="code" label={t('content.code')}>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="publishedAt" label={t('content.publishedAt')} extra={t('content.scheduleHint')}>
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="published" label={t('content.published')} valuePropName="checked">
              <Switch data-qa="content-published" />
            </Form.Item>
          </Space>
          <Tabs
            items={LOCALES.map((l) => ({
              key: l,
              label: LANGUAGE_NAMES[l],
              children: <LocaleFields locale={l} form={form} />,
              forceRender: true,
            }))}
          />
        </Form>
      </FormModal>
    </>
  );
}
