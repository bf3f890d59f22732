import { currentLocale } from '../../../lib/i18n.ts';
import { parseEvent, reconnectDelay, type ChatEvent } from '../model/chat.ts';

export type ChatStatus = 'connecting' | 'online' | 'reconnecting' | 'unauthorized';

/** Client → server frames (apps/server/src/modules/support/chat.socket.ts). */
export type ChatFrame = { type: 'message'; content: string; images?: string[] } | { type: 'typing' } | { type: 'read' };

/**
 * The user's support-chat socket: authenticates with a first `auth` frame (the token never goes
 * into a URL, where proxies would log it), reconnects with growing back-off after a drop, and
 * stops for good when the server refuses the session. Screens never touch the WebSocket itself.
 */
export class ChatSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private ready = false;
  private readonly url: string;
  private readonly token: string;
  private readonly onEvent: (e: ChatEvent) => void;
  private readonly onStatus: (s: ChatStatus) => void;

  constructor(opts: {
    wsPath: string;
    token: string;
    onEvent: (e: ChatEvent) => void;
    onStatus: (s: ChatStatus) => void;
  }) {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.url = `${scheme}//${window.location.host}${opts.wsPath}?locale=${encodeURIComponent(currentLocale())}`;
    this.token = opts.token;
    this.onEvent = opts.onEvent;
    this.onStatus = opts.onStatus;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close(1000, 'leaving');
    this.socket = null;
  }

  /** Sends a frame when the socket is authenticated; false means "not now" (the caller may fall back to HTTP). */
  send(frame: ChatFrame): boolean {
    if (!this.ready || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  get isReady(): boolean {
    return this.ready;
  }

  private open(): void {
    this.ready = false;
    this.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.token }));
    socket.onmessage = (m) => {
      const event = parseEvent(m.data);
      if (!event) return;
      if (event.type === 'ready') {
        this.ready = true;
        this.attempt = 0;
        this.onStatus('online');
      }
      this.onEvent(event);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return; // an older socket closing after a reconnect
      this.ready = false;
      this.socket = null;
      if (this.stopped) return;
      if (e.code === 4401) {
        this.onStatus('unauthorized');
        return;
      }
      this.onStatus('reconnecting');
      this.timer = setTimeout(() => this.open(), reconnectDelay(this.attempt++));
    };
  }
}
