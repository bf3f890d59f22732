import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TicketState } from '../api/support.ts';

/** "Waiting for reply" or "Replied" (spec §4). */
export function TicketStateTag(props: { state: TicketState }) {
  const { t } = useTranslation('support');
  return (
    <Tag
      color={props.state === 'replied' ? 'success' : 'warning'}
      fill="outline"
      data-testid="ticket-state"
      data-state={props.state}
    >
      {t(`state.${props.state}`)}
    </Tag>
  );
}
