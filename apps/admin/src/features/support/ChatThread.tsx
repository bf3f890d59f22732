import { Button, Empty, Input, Select, Space, Typography } from 'antd';
import { LOCALES, type Locale } from '@tidemark/contract/locales';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { LANGUAGE_NAMES } from '../../lib/i18n.ts';
import type { CannedReply } from './CannedReplies.tsx';
import type { ChatMessage } from '@tidemark/contract/support-chat';

/** One conversation: the messages (who wrote, when, whether the other side read it), typing, the reply box. */
export function ChatThread(props: {
  userId: number;
  messages: ChatMessage[];
  userTyping: boolean;
  connected: boolean;
  agents: { id: number; name: string }[];
  assignee: number | null;
  onAssign: (operatorId: number) => void;
  /** The canned replies of the chosen language (kept by the page, so a new one shows at once). */
  canned: CannedReply[];
  cannedLocale: Locale;
  onCannedLocale: (locale: Locale) => void;
  onSend: (content: string) => boolean;
  onTyping: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const lastTyping = useRef(0);
  // a block body: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [props.messages.length]);
  const send = () => {
    const content = draft.trim();
    if (content && props.onSend(content)) setDraft('');
  };
  const who = (m: ChatMessage) =>
    m.sender === 'agent' ? t('chat.agent') : m.sender === 'system' ? t('chat.system') : t('common.user');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('chat.with', { id: props.userId })}
        </Typography.Title>
        <Space>
          {t('chat.assignee')}
          <Select<number>
            style={{ width: 200 }}
            placeholder={t('chat.anyAgent')}
            value={props.assignee ?? undefined}
            options={props.agents.map((a) => ({ value: a.id, label: a.name }))}
            onChange={props.onAssign}
            data-qa="chat-assign"
          />
        </Space>
      </Space>
      <div style={{ flex: 1, overflowY: 'auto', minHeight: 360, maxHeight: 520 }} data-qa="chat-thread">
        {props.messages.length === 0 && <Empty description={t('chat.noMessages')} />}
        {props.messages.map((m) => (
          <div key={m.id} style={{ textAlign: m.sender === 'agent' ? 'right' : 'left', margin: '8px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {who(m)} · {formatTime(m.createdAt)}
              {m.sender === 'agent' && ` · ${m.read ? t('chat.read') : t('chat.delivered')}`}
            </Typography.Text>
            <div
              style={{
                display: 'inline-block',
                maxWidth: '75%',
                marginLeft: 8,
                padding: '6px 10px',
                borderRadius: 8,
                whiteSpace: 'pre-wrap',
                background: m.sender === 'agent' ? '#e6efff' : m.sender === 'system' ? '#fffbe6' : '#f5f5f5',
              }}
            >
              {m.content}
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      <Typography.Text type="secondary" style={{ minHeight: 22 }} data-qa="chat-typing">
        {props.userTyping ? t('chat.typing') : ''}
      </Typography.Text>
      <Space style={{ marginBottom: 8 }}>
        <Select<Locale>
          style={{ width: 140 }}
          value={props.cannedLocale}
          onChange={props.onCannedLocale}
          options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
        <Select<number>
          style={{ width: 320 }}
          placeholder={t('chat.insertCanned')}
          value={null}
          data-qa="chat-canned"
          notFoundContent={t('chat.noCanned')}
          options={props.canned.map((c) => ({ value: c.id, label: c.title }))}
          onChange={(id) => {
            const reply = props.canned.find((c) => c.id === id);
            if (reply) setDraft((d) => (d ? `${d}\n${reply.body}` : reply.body));
          }}
        />
      </Space>
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          value={draft}
          rows={2}
          maxLength={2000}
          data-qa="chat-input"
          placeholder={props.connected ? t('chat.placeholder') : t('chat.offline')}
          onChange={(e) => {
            setDraft(e.target.value);
            // one typing frame every few seconds is enough for the user's "agent is typing"
            if (Date.now() - lastTyping.current > 3000) {
              lastTyping.current = Date.now();
              props.onTyping();
            }
          }}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button type="primary" disabled={!props.connected} onClick={send} data-qa="chat-send">
          {t('chat.send')}
        </Button>
      </Space.Compact>
    </div>
  );
}
