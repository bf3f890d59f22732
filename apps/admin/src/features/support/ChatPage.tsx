import { Badge, Button, Card, Col, Empty, List, Row, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { ChatEvent, ChatMessage } from '@tidemark/contract/support-chat';
import { SupportSocket, type SocketState } from '../../lib/support-socket.ts';
import { CannedRepliesDrawer, type CannedReply } from './CannedReplies.tsx';
import type { Locale } from '@tidemark/contract/locales';
import { currentLocale } from '../../lib/i18n.ts';
import { ChatThread } from './ChatThread.tsx';

interface Conversation {
  userId: number;
  unread: number;
  lastMessage: ChatMessage | null;
}

/** How long a user's typing shows after their last typing frame. */
const TYPING_MS = 5000;

/**
 * The live chat console: every conversation (newest first, unread counted), one open at a time with
 * its history, live messages, the user's typing and read marks over the support socket. Opening a
 * conversation marks the user's messages read. A user who writes while no agent is connected gets a
 * ticket instead (the server files it), which the ticket queue shows.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [typing, setTyping] = useState<Record<number, number>>({});
  const [state, setState] = useState<SocketState>('connecting');
  const [agents, setAgents] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const openRef = useRef<number | null>(null);
  const socket = useRef<SupportSocket | null>(null);

  const list = useLoad<{ list: Conversation[] }>('/admin/support/chat/conversations', { page: 1, size: 50 });
  const reloadList = list.reload;
  const conversations = list.data?.list ?? [];
  const desk = useLoad<{
    agents: { id: number; name: string }[];
    assignments: { userId: number; operatorId: number }[];
  }>('/admin/support/chat/desk');
  const reloadDesk = desk.reload;
  const assigneeOf = (userId: number) => desk.data?.assignments.find((a) => a.userId === userId)?.operatorId ?? null;
  const nameOf = (operatorId: number | null) => desk.data?.agents.find((a) => a.id === operatorId)?.name ?? null;
  const [cannedOpen, setCannedOpen] = useState(false);
  const [cannedLocale, setCannedLocale] = useState<Locale>(currentLocale());
  const canned = useLoad<{ items: CannedReply[] }>('/admin/support/canned/list', { locale: cannedLocale });
  const { run } = useAction();
  const assign = (userId: number, operatorId: number) =>
    run(async () => {
      await call('/admin/support/chat/assign', { userId, operatorId });
      reloadDesk();
    }, t('chat.handedOver'));

  const onEvent = useCallback(
    (e: ChatEvent) => {
      if (e.type === 'ready' || e.type === 'presence') setAgents(e.agentsOnline);
      if (e.type === 'message') {
        const m = e.message;
        if (m.userId === openRef.current) {
          setMessages((prev) => (prev.some((x) => x.id === m.id) ? prev : [...prev, m]));
          if (m.sender === 'user') socket.current?.send({ type: 'read', userId: m.userId });
        }
        if (m.sender === 'user') setTyping((prev) => ({ ...prev, [m.userId]: 0 }));
        reloadList();
      }
      // another agent handed a conversation over: every console shows the new owner
      if (e.type === 'assigned') reloadDesk();
      if (e.type === 'typing' && e.from === 'user') setTyping((prev) => ({ ...prev, [e.userId]: Date.now() }));
      if (e.type === 'read' && e.userId === openRef.current) {
        const reader = e.by === 'user' ? 'agent' : 'user';
        setMessages((prev) => prev.map((m) => (m.sender === reader && m.id <= e.upToId ? { ...m, read: true } : m)));
        if (e.by === 'agent') reloadList();
      }
    },
    [reloadList, reloadDesk],
  );

  useEffect(() => {
    const s = new SupportSocket(onEvent, setState);
    socket.current = s;
    s.start();
    // repaint so a typing mark goes away when no new frame comes
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(timer);
      s.stop();
    };
  }, [onEvent]);

  const select = async (userId: number) => {
    openRef.current = userId;
    setOpen(userId);
    setMessages([]);
    const r = await call<{ list: ChatMessage[] }>('/admin/support/chat/history', { userId, size: 100 });
    if (openRef.current !== userId) return;
    setMessages([...r.list].sort((a, b) => a.id - b.id));
    await call('/admin/support/chat/read', { userId });
    reloadList();
  };

  return (
    <>
      <Typography.Title level={3}>
        {t('nav.chat')}{' '}
        <Tag color={state === 'open' ? 'green' : state === 'connecting' ? 'gold' : 'red'} data-qa="chat-state">
          {t(`chat.state.${state}`)}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 14 }}>
          {t('chat.agentsOnline', { count: agents })}
        </Typography.Text>{' '}
        <Button size="small" onClick={() => setCannedOpen(true)} data-qa="canned-open">
          {t('chat.canned')}
        </Button>
      </Typography.Title>
      <Row gutter={16}>
        <Col span={8}>
          <Card size="small" title={t('chat.conversations')}>
            <List
              dataSource={conversations}
              locale={{ emptyText: t('chat.none') }}
              renderItem={(c) => (
                <List.Item
                  onClick={() => void select(c.userId)}
                  style={{ cursor: 'pointer', background: c.userId === open ? '#f0f5ff' : undefined }}
                  data-qa={`chat-conversation-${c.userId}`}
                >
                  <List.Item.Meta
                    title={
                      <>
                        <Badge count={c.unread} offset={[12, 0]}>
                          {t('chat.user', { id: c.userId })}
                        </Badge>
                        {nameOf(assigneeOf(c.userId)) && (
                          <Tag style={{ marginLeft: 20 }} data-qa={`chat-assignee-${c.userId}`}>
                            {nameOf(assigneeOf(c.userId))}
                          </Tag>
                        )}
                      </>
                    }
                    description={
                      now - (typing[c.userId] ?? 0) < TYPING_MS
                        ? t('chat.typing')
                        : `${c.lastMessage?.content.slice(0, 60) ?? ''} · ${formatTime(c.lastMessage?.createdAt)}`
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={16}>
          <Card size="small">
            {open === null ? (
              <Empty description={t('chat.pick')} />
            ) : (
              <ChatThread
                userId={open}
                messages={messages}
                connected={state === 'open'}
                userTyping={now - (typing[open] ?? 0) < TYPING_MS}
                agents={desk.data?.agents ?? []}
                assignee={assigneeOf(open)}
                onAssign={(operatorId) => void assign(open, operatorId)}
                canned={canned.data?.items ?? []}
                cannedLocale={cannedLocale}
                onCannedLocale={setCannedLocale}
                onSend={(content) => socket.current?.send({ type: 'message', userId: open, content }) ?? false}
                onTyping={() => socket.current?.send({ type: 'typing', userId: open })}
              />
            )}
          </Card>
        </Col>
      </Row>
      <CannedRepliesDrawer
        open={cannedOpen}
        onClose={() => {
          setCannedOpen(false);
          canned.reload();
        }}
      />
    </>
  );
}
