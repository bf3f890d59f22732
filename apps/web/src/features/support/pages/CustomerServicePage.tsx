import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import TextArea from 'antd-mobile/es/components/text-area';
import { MessageOutline, SendOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useSession } from '../../../lib/session.ts';
import { supportInfoQuery, type SupportInfo } from '../api/support.ts';
import { ChatThread } from '../components/ChatThread.tsx';
import { ImagePicker, type PickedImage } from '../components/ImagePicker.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { SignInGate } from '../../../components/SignInGate.tsx';
import { useChat } from '../model/use-chat.ts';
import '../components/support.css';

const MESSAGE_MAX = 2000;

/**
 * /customerService: live chat with the support team over the WebSocket, or — when the operator
 * prefers an external chat widget (/xb/v1/tpaj/info) — a button that opens it.
 */
export default function CustomerServicePage() {
  const info = useQuery(supportInfoQuery());
  if (info.isPending || info.isError) return <LoadState of={[info]} />;
  if (info.data.mode === 'external' && info.data.externalUrl) return <ExternalChat url={info.data.externalUrl} />;
  return (
    <SignInGate feature="support">
      <BuiltinChat info={info.data} />
    </SignInGate>
  );
}

function ExternalChat(props: { url: string }) {
  const { t } = useTranslation('support');
  return (
    <div className="sp-page">
      <EmptyState
        icon={<MessageOutline />}
        title={t('chat.externalTitle')}
        text={t('chat.externalText')}
        testId="chat-external"
        action={
          <Button
            color="primary"
            onClick={() => void window.open(props.url, '_blank', 'noopener,noreferrer')}
            data-testid="chat-external-open"
          >
            {t('chat.externalOpen')}
          </Button>
        }
      />
    </div>
  );
}

function BuiltinChat(props: { info: SupportInfo }) {
  const { t } = useTranslation('support');
  const token = useSession((s) => s.token);
  const chat = useChat(props.info.wsPath, token);
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const agentsOnline = chat.agentsOnline ?? (props.info.agentOnline ? 1 : 0);

  // keep the newest message in view
  const lastId = chat.messages.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, chat.agentTyping]);

  const fileIds = images.flatMap((i) => (i.fileId ? [i.fileId] : []));
  const canSend = (text.trim().length > 0 || fileIds.length > 0) && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    const ok = await chat.send(text.trim(), fileIds);
    setSending(false);
    if (ok) {
      setText('');
      setImages([]);
    }
  };

  return (
    <div className="sp-chat" data-testid="chat">
      <div className="sp-chat__status" data-testid="chat-status" data-status={chat.status}>
        {chat.status === 'online' ? (
          agentsOnline > 0 ? (
            <span className="sp-online" data-testid="chat-agents-online">
              <span className="sp-online__dot" /> {t('chat.agentsOnline')}
            </span>
          ) : null
        ) : chat.status === 'unauthorized' ? (
          <span>{t('chat.unauthorized')}</span>
        ) : (
          <span>
            <DotLoading /> {chat.status === 'connecting' ? t('chat.connecting') : t('chat.reconnecting')}
          </span>
        )}
      </div>
      {chat.status === 'online' && agentsOnline === 0 ? (
        <NoticeBar
          content={
            <span data-testid="chat-offline">
              {t('chat.offline')}{' '}
              <Link to="/mine/questionRecord" className="sp-link">
                {t('chat.viewTickets')}
              </Link>
            </span>
          }
          color="alert"
          wrap
        />
      ) : null}

      <div className="sp-chat__body">
        {chat.hasOlder ? (
          <Button size="mini" fill="none" className="sp-chat__older" onClick={() => void chat.loadOlder()}>
            {t('chat.older')}
          </Button>
        ) : null}
        {!chat.loaded ? (
          chat.loadFailed ? (
            <LoadState error retry={chat.reload} />
          ) : (
            <LoadState error={false} />
          )
        ) : chat.messages.length === 0 ? (
          <EmptyState
            icon={<MessageOutline />}
            title={t('chat.emptyTitle')}
            text={t('chat.emptyText')}
            testId="chat-empty"
          />
        ) : (
          <ChatThread messages={chat.messages} />
        )}
        {chat.agentTyping ? (
          <div className="sp-typing" data-testid="chat-typing">
            {t('chat.typing')}
          </div>
        ) : null}
        <div ref={bottom} />
      </div>

      <form
        className="sp-chat__composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <ImagePicker value={images} onChange={setImages} testId="chat-images" />
        <div className="sp-chat__row">
          <TextArea
            className="sp-chat__input"
            placeholder={t('chat.placeholder')}
            value={text}
            maxLength={MESSAGE_MAX}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(v) => {
              setText(v);
              if (v) chat.typing();
            }}
            onEnterPress={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            data-testid="chat-input"
          />
          <Button color="primary" type="submit" disabled={!canSend} aria-label={t('chat.send')} data-testid="chat-send">
            <SendOutline />
          </Button>
        </div>
      </form>
    </div>
  );
}
