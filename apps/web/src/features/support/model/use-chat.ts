import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import type { ChatMessage } from '@tidemark/contract/support-chat';
import { chatHistory, supportKeys } from '../api/support.ts';
import { ChatSocket, type ChatStatus } from '../api/chat-socket.ts';
import { markReadUpTo, mergeMessages, unreadFromSupport } from './chat.ts';
import { showToast } from '../../../lib/feedback.ts';

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2500;

export interface ChatState {
  messages: ChatMessage[];
  status: ChatStatus;
  agentsOnline: number | null;
  agentTyping: boolean;
  hasOlder: boolean;
  loaded: boolean;
  loadFailed: boolean;
  send(content: string, images: string[]): Promise<boolean>;
  typing(): void;
  loadOlder(): Promise<void>;
  reload(): void;
}

/**
 * The user's side of the live chat: the stored history, the socket's live events, sending (over
 * the socket, or the HTTP call while the socket is down), typing, and read receipts. After every
 * (re)connect the newest history is fetched again, so nothing sent during a drop is missed.
 */
export function useChat(wsPath: string | null, token: string | null): ChatState {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [agentsOnline, setAgentsOnline] = useState<number | null>(null);
  const [agentTyping, setAgentTyping] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const socket = useRef<ChatSocket | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingSent = useRef(0);

  const loadLatest = useCallback(async () => {
    try {
      const { list } = await chatHistory();
      setMessages((cur) => mergeMessages(cur, list));
      setHasOlder((h) => h || list.length >= 50);
      setLoaded(true);
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!wsPath || !token) return;
    // the history loads at once, and again on every (re)connect ('ready') to fill any gap
    const initial = setTimeout(() => void loadLatest(), 0);
    const s = new ChatSocket({
      wsPath,
      token,
      onStatus: setStatus,
      onEvent: (e) => {
        if (e.type === 'ready') {
          setAgentsOnline(e.agentsOnline);
          void loadLatest();
        } else if (e.type === 'presence') setAgentsOnline(e.agentsOnline);
        else if (e.type === 'message') {
          setMessages((cur) => mergeMessages(cur, [e.message]));
          if (e.message.sender === 'agent') setAgentTyping(false);
        } else if (e.type === 'typing' && e.from === 'agent') {
          setAgentTyping(true);
          if (typingTimer.current) clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
        } else if (e.type === 'read' && e.by === 'agent') setMessages((cur) => markReadUpTo(cur, e.upToId));
        else if (e.type === 'error') showToast({ content: e.message });
      },
    });
    socket.current = s;
    s.start();
    return () => {
      clearTimeout(initial);
      s.stop();
      socket.current = null;
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [wsPath, token, loadLatest, attempt]);

  // Everything the support side sent is read once it is on the screen (and the page is visible).
  const unread = unreadFromSupport(messages);
  useEffect(() => {
    if (unread === 0 || document.visibilityState !== 'visible') return;
    const sent = socket.current?.send({ type: 'read' });
    const done = sent ? Promise.resolve() : apiPost('/xb/v1/support/chat/read', {}, { silent: true, noRetry: true });
    void done
      .then(() => {
        setMessages((cur) => cur.map((m) => (m.sender !== 'user' && !m.read ? { ...m, read: true } : m)));
        void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
      })
      .catch(() => undefined); // stays unread; tried again with the next message
  }, [unread, queryClient]);

  const send = useCallback(async (content: string, images: string[]) => {
    if (socket.current?.send({ type: 'message', content, images })) return true;
    try {
      const r = await apiPost<{ message: ChatMessage; system: ChatMessage | null }>(
        '/xb/v1/support/chat/send',
        { content, images },
        { noRetry: true },
      );
      setMessages((cur) => mergeMessages(cur, r.system ? [r.message, r.system] : [r.message]));
      return true;
    } catch {
      return false; // the API client has shown why
    }
  }, []);

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    socket.current?.send({ type: 'typing' });
  }, []);

  const loadOlder = useCallback(async () => {
    const first = messages[0];
    if (!first) return;
    const { list } = await chatHistory(first.id);
    setMessages((cur) => mergeMessages(cur, list));
    setHasOlder(list.length >= 50);
  }, [messages]);

  return {
    messages,
    status,
    agentsOnline,
    agentTyping,
    hasOlder,
    loaded,
    loadFailed,
    send,
    typing,
    loadOlder,
    reload: () => setAttempt((a) => a + 1),
  };
}
