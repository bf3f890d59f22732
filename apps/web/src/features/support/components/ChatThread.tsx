import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import type { ChatMessage } from '@tidemark/contract/support-chat';
import { formatChatTime } from '../model/dates.ts';
import { PrivateImage } from './PrivateImage.tsx';

/**
 * The conversation: the user's messages on the right (with "read" once an agent has seen them),
 * the agents' on the left, and the system's notes — e.g. "no agent is online, your message became
 * ticket #12" — in the middle with a link to the tickets.
 */
export function ChatThread(props: { messages: ChatMessage[] }) {
  const { t, i18n } = useTranslation('support');
  return (
    <ol className="sp-chat__list" data-testid="chat-messages">
      {props.messages.map((m) =>
        m.sender === 'system' ? (
          <li key={m.id} className="sp-chat__system" data-testid="chat-system">
            <div>{m.content}</div>
            <Link to="/mine/questionRecord" className="sp-link" data-testid="chat-system-tickets">
              {t('chat.viewTickets')}
            </Link>
          </li>
        ) : (
          <li key={m.id} className={`sp-bubble-row sp-bubble-row--${m.sender}`} data-testid={`chat-${m.sender}`}>
            <div className="sp-bubble">
              {m.sender === 'agent' ? <div className="sp-bubble__who">{t('chat.agent')}</div> : null}
              {m.content ? <div className="sp-bubble__text">{m.content}</div> : null}
              {m.images.length ? (
                <div className="sp-images">
                  {m.images.map((f) => (
                    <PrivateImage key={f} fileId={f} size={96} />
                  ))}
                </div>
              ) : null}
              <div className="sp-bubble__meta">
                {formatChatTime(m.createdAt, i18n.language)}
                {m.sender === 'user' ? (
                  <span
                    className={m.read ? 'sp-read sp-read--yes' : 'sp-read'}
                    data-testid="chat-read-state"
                    data-read={m.read}
                  >
                    {m.read ? (
                      <>
                        <CheckOutline /> {t('chat.read')}
                      </>
                    ) : (
                      t('chat.sent')
                    )}
                  </span>
                ) : null}
              </div>
            </div>
          </li>
        ),
      )}
    </ol>
  );
}
