import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ticketsQuery } from '../api/support.ts';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { TicketStateTag } from '../components/TicketState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { formatDateTime } from '../model/dates.ts';
import '../components/support.css';

/** /mine/questionRecord: the user's tickets, newest activity first, each "waiting for reply" or "replied". */
export default signedInPage('support', TicketList);

function TicketList() {
  const { t, i18n } = useTranslation('support');
  const navigate = useNavigate();
  const q = useQuery(ticketsQuery());

  if (q.isPending || q.isError) return <LoadState of={[q]} />;
  if (q.data.list.length === 0) {
    return (
      <div className="sp-page">
        <EmptyState
          icon={<FileOutline />}
          title={t('list.empty')}
          text={t('list.emptyText')}
          testId="tickets-empty"
          action={
            <Button color="primary" onClick={() => void navigate('/mine/addQuestion')}>
              {t('list.new')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="sp-page sp-page--list">
      <List className="sp-list" data-testid="ticket-list">
        {q.data.list.map((ticket) => (
          <List.Item
            key={ticket.id}
            onClick={() => void navigate(`/mine/questionRecord/${ticket.id}`)}
            extra={<TicketStateTag state={ticket.state} />}
            description={
              <>
                <div className="sp-preview">{ticket.content}</div>
                <div className="sp-time">{formatDateTime(ticket.updatedAt, i18n.language)}</div>
              </>
            }
            data-testid={`ticket-${ticket.id}`}
          >
            <span className="sp-ticket-title">{ticket.title}</span>
          </List.Item>
        ))}
      </List>
      <div className="sp-actions">
        <Button block color="primary" onClick={() => void navigate('/mine/addQuestion')} data-testid="tickets-new">
          {t('list.new')}
        </Button>
      </div>
    </div>
  );
}
