import type { WsServerMessage } from '@tidemark/contract';
import { useSession } from '../session.ts';
import { getToken } from '../storage.ts';
import { judge, reconnectDelay } from './channel-state.ts';
import { isUserChannel, reducerFor } from './channel-reducers.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

interface Channel {
  refs: number;
  seq: number | null;
  state: unknown;
  listeners: Set<() => void>;
}

/**
 * The one owner of the market-data socket (`/ws`, DESIGN.md §4). Screens never touch a WebSocket:
 * they subscribe to a channel through the hooks and read its current state.
 * - Reference-counted subscriptions: the first reader subscribes, the last one unsubscribes.
 * - Sequence numbers: an update that skips a number means a lost message; the channel is
 *   resubscribed for a fresh snapshot (its old state stays visible meanwhile).
 * - Reconnects with back-off and resubscribes everything; user channels carry the session token.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly channels = new Map<string, Channel>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private statusValue: ConnectionStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private readonly url: string;
  /** How many times a gap forced a resnapshot (visible for tests and diagnostics). */
  gaps = 0;

  constructor(url: string) {
    this.url = url;
  }

  get status(): ConnectionStatus {
    return this.statusValue;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Starts reading a channel; returns the function that stops. */
  subscribe(channel: string, listener: () => void): () => void {
    let ch = this.channels.get(channel);
    if (!ch) {
      ch = { refs: 0, seq: null, state: undefined, listeners: new Set() };
      this.channels.set(channel, ch);
    }
    ch.refs += 1;
    ch.listeners.add(listener);
    if (ch.refs === 1) this.sendSubscribe([channel]);
    this.ensureOpen();
    return () => {
      const c = this.channels.get(channel);
      if (!c) return;
      c.listeners.delete(listener);
      c.refs -= 1;
      if (c.refs > 0) return;
      this.channels.delete(channel);
      this.send({ op: 'unsubscribe', channels: [channel] });
      this.closeWhenIdle();
    };
  }

  getState<T>(channel: string): T | undefined {
    return this.channels.get(channel)?.state as T | undefined;
  }

  /**
   * After sign-in or sign-out. The server binds a connection to the first user that signs it in,
   * so a new identity gets a new connection: every channel resubscribes on it.
   */
  refreshUserChannels(): void {
    const old = this.socket;
    if (!old) return;
    this.socket = null;
    old.onclose = null;
    old.close(1000, 'session changed');
    this.open();
  }

  private ensureOpen(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.socket || this.timer) return;
    this.open();
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(this.url);
    this.socket = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      const all = [...this.channels.keys()];
      for (const c of this.channels.values()) c.seq = null;
      if (all.length) this.sendSubscribe(all);
    };
    ws.onmessage = (ev) => this.receive(String(ev.data));
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.channels.size === 0) return this.setStatus('idle');
      this.setStatus('reconnecting');
      this.timer = setTimeout(() => {
        this.timer = null;
        this.open();
      }, reconnectDelay(this.attempt++));
    };
  }

  private closeWhenIdle(): void {
    if (this.channels.size > 0 || this.idleTimer) return;
    // a screen change unsubscribes and subscribes again within a moment: keep the socket a little
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.channels.size > 0) return;
      const ws = this.socket;
      this.socket = null;
      ws?.close(1000, 'idle');
      this.setStatus('idle');
    }, 5_000);
  }

  private receive(raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as WsServerMessage[];
    for (const m of messages) {
      if (m.type === 'snapshot' || m.type === 'update') this.onData(m.channel, m.type, m.seq, m.data);
    }
  }

  private onData(channel: string, type: 'snapshot' | 'update', seq: number, data: unknown): void {
    const ch = this.channels.get(channel);
    const reducer = reducerFor(channel);
    if (!ch || !reducer) return;
    const verdict = judge(ch, type, seq);
    if (verdict === 'stale' || verdict === 'no-snapshot') return;
    if (verdict === 'gap') {
      this.gaps += 1;
      ch.seq = null;
      this.send({ op: 'unsubscribe', channels: [channel] });
      this.sendSubscribe([channel]);
      return;
    }
    ch.state = verdict === 'snapshot' ? reducer.snapshot(data) : reducer.update(ch.state, data);
    ch.seq = seq;
    for (const l of ch.listeners) l();
  }

  private sendSubscribe(channels: string[]): void {
    const user = channels.filter(isUserChannel);
    const pub = channels.filter((c) => !isUserChannel(c));
    if (pub.length) this.send({ op: 'subscribe', channels: pub });
    const token = getToken();
    if (user.length && token) this.send({ op: 'subscribe', channels: user, token });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(s: ConnectionStatus): void {
    if (s === this.statusValue) return;
    this.statusValue = s;
    for (const l of this.statusListeners) l();
  }
}

let shared: RealtimeClient | null = null;

/** The app's one client, created on first use (the socket opens when a screen subscribes). */
export function realtime(): RealtimeClient {
  if (!shared) {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const client = new RealtimeClient(`${scheme}//${window.location.host}/ws`);
    // sign-in / sign-out: the user channels follow the session
    useSession.subscribe((s, prev) => {
      if (s.token !== prev.token) client.refreshUserChannels();
    });
    shared = client;
  }
  return shared;
}
