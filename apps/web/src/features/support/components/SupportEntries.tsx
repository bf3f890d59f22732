import { useQuery } from '@tanstack/react-query';
import Badge from 'antd-mobile/es/components/badge';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';
import { chatUnreadQuery } from '../api/support.ts';

/**
 * The user centre's way to help: customer service (with a badge counting the support team's
 * unread chat messages), the ticket list and a new ticket. Shown on /mine.
 */
export function SupportEntries() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const unread = useQuery({ ...chatUnreadQuery(), enabled: signedIn });
  const count = signedIn ? (unread.data?.count ?? 0) : 0;
  return (
    <List className="acc-list" header={t('mine.section')}>
      <List.Item
        onClick={() => void navigate('/customerService')}
        extra={count > 0 ? <Badge content={count > 99 ? '99+' : count} data-testid="chat-unread-badge" /> : null}
        data-testid="mine-entry-chat"
      >
        {t('mine.chat')}
      </List.Item>
      <List.Item onClick={() => void navigate('/mine/questionRecord')} data-testid="mine-entry-tickets">
        {t('mine.tickets')}
      </List.Item>
      <List.Item onClick={() => void navigate('/mine/addQuestion')} data-testid="mine-entry-add-question">
        {t('mine.addQuestion')}
      </List.Item>
    </List>
  );
}
