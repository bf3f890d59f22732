import { Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatTime, orDash } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { UserRow } from './types.ts';

/** Finds a user by id, e-mail, phone or invite code; a row opens the user's page. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<{ items: UserRow[]; total: number }>('/admin/users/search', { query, page, size: 20 });
  return (
    <>
      <Typography.Title level={3}>{t('nav.users')}</Typography.Title>
      <Input.Search
        allowClear
        enterButton={t('users.search')}
        placeholder={t('users.searchHint')}
        style={{ maxWidth: 480, marginBottom: 16 }}
        data-qa="user-search"
        onSearch={(v) => {
          setQuery(v.trim());
          setPage(1);
        }}
      />
      <Table<UserRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        onRow={(r) => ({ onClick: () => navigate(`/users/${r.id}`), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('common.id'), dataIndex: 'id', width: 90 },
          { title: t('users.email'), dataIndex: 'email', render: orDash },
          { title: t('users.phone'), dataIndex: 'phone', render: orDash },
          { title: t('users.inviteCode'), dataIndex: 'inviteCode' },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'active' ? 'green' : 'red'}>{t(`users.status.${s}`)}</Tag>,
          },
          { title: t('users.registered'), dataIndex: 'createdAt', render: formatTime },
        ]}
      />
    </>
  );
}
