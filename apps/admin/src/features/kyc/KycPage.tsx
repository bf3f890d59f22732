import { Button, Descriptions, Drawer, Segmented, Space, Table, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { KycPhoto } from './KycPhoto.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';

interface QueueItem {
  id: number;
  userId: number;
  email: string | null;
  phone: string | null;
  level: string;
  state: string;
  country: string;
  documentType: string;
  submittedAt: number;
}

interface Application extends QueueItem {
  realName: string;
  idNumber: string;
  rejectReason: string | null;
  photos: { front: string; back: string; hand: string } | null;
  user: { id: number; email: string | null; phone: string | null };
  history: { id: number; level: string; state: string; rejectReason: string | null; submittedAt: number }[];
}

/** The identity applications waiting for a compliance operator, with the photos and a decision. */
export function KycPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const [page, setPage] = useState(1);
  const list = useLoad<{ total: number; items: QueueItem[] }>('/admin/kyc/queue', { state, page, size: 20 });
  const [open, setOpen] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const { run, busy } = useAction();

  const view = (id: number) => run(async () => setOpen(await call<Application>('/admin/kyc/view', { id })));
  const decide = (approve: boolean, reason?: string) =>
    run(
      async () => {
        await call(approve ? '/admin/kyc/approve' : '/admin/kyc/reject', { id: open!.id, reason });
        setOpen(null);
        setRejecting(false);
        list.reload();
      },
      approve ? t('kyc.approved') : t('kyc.rejected'),
    );

  return (
    <>
      <Typography.Title level={3}>{t('nav.kyc')}</Typography.Title>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Table<QueueItem>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        onRow={(r) => ({ onClick: () => void view(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.user'), render: (_, r) => r.email ?? r.phone ?? r.userId },
          { title: t('kyc.level'), dataIndex: 'level', render: (l: string) => t(`kyc.levels.${l}`) },
          { title: t('kyc.country'), dataIndex: 'country' },
          { title: t('kyc.document'), dataIndex: 'documentType' },
          { title: t('common.status'), dataIndex: 'state', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.time'), dataIndex: 'submittedAt', render: formatTime },
        ]}
      />
      <Drawer
        open={open !== null}
        width={720}
        title={open ? t('kyc.application', { id: open.id }) : ''}
        onClose={() => setOpen(null)}
        extra={
          open?.state === 'pending' && (
            <Space>
              <Button danger onClick={() => setRejecting(true)} disabled={busy} data-qa="kyc-reject">
                {t('common.reject')}
              </Button>
              <Button type="primary" onClick={() => void decide(true)} loading={busy} data-qa="kyc-approve">
                {t('common.approve')}
              </Button>
            </Space>
          )
        }
      >
        {open && (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label={t('common.user')}>
                {open.user.email ?? open.user.phone} (#{open.user.id})
              </Descriptions.Item>
              <Descriptions.Item label={t('kyc.level')}>{t(`kyc.levels.${open.level}`)}</Descriptions.Item>
              <Descriptions.Item label={t('kyc.realName')}>{open.realName}</Descriptions.Item>
              <Descriptions.Item label={t('kyc.idNumber')}>{open.idNumber}</Descriptions.Item>
              <Descriptions.Item label={t('kyc.country')}>{open.country}</Descriptions.Item>
              <Descriptions.Item label={t('kyc.document')}>{open.documentType}</Descriptions.Item>
              <Descriptions.Item label={t('common.status')}>
                <StatusTag status={open.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.reason')}>{open.rejectReason ?? '—'}</Descriptions.Item>
            </Descriptions>
            {open.photos && (
              <Space style={{ marginTop: 16 }} wrap>
                <KycPhoto url={open.photos.front} alt={t('kyc.photoFront')} />
                <KycPhoto url={open.photos.back} alt={t('kyc.photoBack')} />
                <KycPhoto url={open.photos.hand} alt={t('kyc.photoHand')} />
              </Space>
            )}
            <SectionTitle>{t('kyc.history')}</SectionTitle>
            <Timeline
              items={open.history.map((h) => ({
                content: `${formatTime(h.submittedAt)} · ${t(`kyc.levels.${h.level}`)} · ${t(`status.${h.state}`)}${h.rejectReason ? ` · ${h.rejectReason}` : ''}`,
              }))}
            />
          </>
        )}
      </Drawer>
      <ReasonModal
        open={rejecting}
        title={t('kyc.rejectTitle')}
        onCancel={() => setRejecting(false)}
        onOk={(reason) => void decide(false, reason)}
      />
    </>
  );
}
