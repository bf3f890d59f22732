import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSummaryDrawer } from './UserSummaryDrawer.tsx';

/**
 * A review queue's user column: the user's id is a link that opens their summary (balances, KYC,
 * recent activity) beside the queue, so a reviewer decides with the user in view.
 */
export function useUserReview() {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<number | null>(null);
  const column = {
    title: t('common.user'),
    dataIndex: 'userId',
    render: (id: number) => (
      <Button type="link" size="small" onClick={() => setReviewing(id)} data-qa={`user-${id}`}>
        #{id}
      </Button>
    ),
  };
  const drawer = <UserSummaryDrawer userId={reviewing} onClose={() => setReviewing(null)} />;
  return { column, drawer };
}
