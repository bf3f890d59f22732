import { Button, Form, Input, Modal, Popconfirm, QRCode, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { ROLES } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SessionsModal } from './SessionsModal.tsx';
import { FormModal } from '../../components/FormModal.tsx';

interface Created {
  operator: Operator;
  totpSecret: string;
  otpauthUrl: string;
}

interface CreateForm {
  email: string;
  name: string;
  password: string;
  roles: string[];
}

/** The authenticator secret of a new operator, shown once: the new operator scans it at this desk. */
function EnrolmentModal({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={created !== null} title={t('operators.enrolTitle')} onOk={onClose} onCancel={onClose} footer={null}>
      {created && (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('operators.enrolBody', { email: created.operator.email })}</Typography.Paragraph>
          <QRCode value={created.otpauthUrl} size={180} />
          <Typography.Text code copyable data-qa="new-operator-secret">
            {created.totpSecret}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

/** Operators and their roles (super admin only). */
export function OperatorsPage() {
  const { t } = useTranslation();
  const list = useLoad<{ operators: Operator[] }>('/admin/operators/list');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [form] = Form.useForm<CreateForm>();
  const { run, busy } = useAction();
  const roleOptions = ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  const [editing, setEditing] = useState<Operator | null>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [sessionsOf, setSessionsOf] = useState<Operator | null>(null);
  const [rolesForm] = Form.useForm<{ roles: string[] }>();
  const [resetForm] = Form.useForm<{ password: string }>();
  const setActive = (op: Operator, active: boolean) =>
    run(async () => {
      await call('/admin/operators/update', { id: op.id, active });
      list.reload();
    }, t('operators.saved'));
  const saveRoles = (roles: string[]) =>
    run(async () => {
      await call('/admin/operators/update', { id: editing!.id, roles });
      setEditing(null);
      list.reload();
    }, t('operators.saved'));
  const reset = (password: string) =>
    run(async () => {
      const res = await call<Created>('/admin/operators/reset', { id: resetting!.id, password });
      setResetting(null);
      setCreated(res);
    });

  const create = (v: CreateForm) =>
    run(async () => {
      const res = await call<Created>('/admin/operators/create', v);
      setCreating(false);
      form.resetFields();
      setCreated(res);
      list.reload();
    });

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3}>{t('nav.operators')}</Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)} data-qa="operator-new">
          {t('operators.create')}
        </Button>
      </Space>
      <Table<Operator>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.operators ?? []}
        pagination={false}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('auth.email'), dataIndex: 'email' },
          { title: t('setup.name'), dataIndex: 'name' },
          {
            title: t('operators.roles'),
            dataIndex: 'roles',
            render: (roles: string[]) => roles.map((r) => <Tag key={r}>{t(`roles.${r}`)}</Tag>),
          },
          {
            title: t('common.status'),
            dataIndex: 'active',
            render: (a: boolean) => (
              <Tag color={a ? 'green' : 'default'}>{a ? t('operators.active') : t('operators.disabled')}</Tag>
            ),
          },
          { title: t('common.time'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('operators.editRoles')}
                </Button>
                <Popconfirm
                  title={r.active ? t('operators.confirmDisable') : t('operators.confirmEnable')}
                  onConfirm={() => void setActive(r, !r.active)}
                >
                  <Button size="small" danger={r.active}>
                    {r.active ? t('operators.disable') : t('operators.enable')}
                  </Button>
                </Popconfirm>
                <Button size="small" onClick={() => setResetting(r)}>
                  {t('operators.reset')}
                </Button>
                <Button size="small" onClick={() => setSessionsOf(r)}>
                  {t('operators.sessions')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        open={creating}
        title={t('operators.create')}
        busy={busy}
        onCancel={() => setCreating(false)}
        form={form}
        onSubmit={create}
      >
        <Form form={form} layout="vertical" initialValues={{ roles: ['support'] }}>
          <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, type: 'email' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('setup.name')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, min: 12 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="roles" label={t('operators.roles')} rules={[{ required: true }]}>
            <Select mode="multiple" options={roleOptions} />
          </Form.Item>
        </Form>
      </FormModal>
      <EnrolmentModal created={created} onClose={() => setCreated(null)} />
      <Modal
        open={editing !== null}
        title={t('operators.editRoles')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() => void rolesForm.validateFields().then((v) => saveRoles(v.roles))}
        destroyOnHidden
      >
        <Form form={rolesForm} layout="vertical" preserve={false} initialValues={{ roles: editing?.roles }}>
          <Form.Item name="roles" label={t('operators.roles')} rules={[{ required: true }]}>
            <Select mode="multiple" options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={resetting !== null}
        title={t('operators.reset')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setResetting(null)}
        onOk={() => void resetForm.validateFields().then((v) => reset(v.password))}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('operators.resetBody', { email: resetting?.email ?? '' })}</Typography.Paragraph>
        <Form form={resetForm} layout="vertical" preserve={false}>
          <Form.Item name="password" label={t('operators.newPassword')} rules={[{ required: true, min: 12 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <SessionsModal operator={sessionsOf} onClose={() => setSessionsOf(null)} />
    </>
  );
}
