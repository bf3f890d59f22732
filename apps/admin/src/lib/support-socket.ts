import { currentLocale } from './i18n.ts';
import { readToken } from './session.ts';
import type { ChatEvent } from '@tidemark/contract/support-chat';

export type SocketState = 'connecting' | 'open' | 'closed';

/**
 * The agent's side of the support chat socket (/api/ws/support): signs in with the operator's token
 * as the first frame (never in the URL, where proxies log it), reconnects with a growing pause, and
 * hands every event to one listener. Screens never touch the WebSocket itself.
 */
export class SupportSocket {
  private ws: WebSocket | null = null;
  private retry = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onEvent: (e: ChatEvent) => void;
  private readonly onState: (s: SocketState) => void;

  constructor(onEvent: (e: ChatEvent) => void, onState: (s: SocketState) => void) {
    this.onEvent = onEvent;
    this.onState = onState;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  /** Sends a frame when connected; false when it could not (the screen says so). */
  send(frame: { type: 'message'; userId: number; content: string } | { type: 'typing' | 'read'; userId: number }) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private connect(): void {
    const token = readToken();
    if (!token) return;
    this.onState('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/ws/support?locale=${currentLocale()}`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (m) => {
      let event: ChatEvent;
      try {
        event = JSON.parse(String(m.data)) as ChatEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        this.retry = 0;
        this.onState('open');
      }
      this.onEvent(event);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.onState('closed');
      if (this.stopped) return;
      const wait = Math.min(30_000, 1000 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }
}
