import type { ChatEvent as AnyChatEvent, ChatMessage } from '@tidemark/contract/support-chat';

/** The frames a user's socket receives (agent assignments go to agents only). */
export type ChatEvent = Exclude<AnyChatEvent, { type: 'assigned' }>;

/**
 * The conversation as shown: unique by id, oldest first. History pages, live messages and the
 * history fetched after a reconnect all go through here, so a message never shows twice.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The support side has read the user's messages up to `upToId`. */
export function markReadUpTo(current: readonly ChatMessage[], upToId: number): ChatMessage[] {
  return current.map((m) => (m.sender === 'user' && m.id <= upToId && !m.read ? { ...m, read: true } : m));
}

/** Messages from the support side (agents and the system) the user has not seen yet. */
export function unreadFromSupport(messages: readonly ChatMessage[]): number {
  return messages.filter((m) => m.sender !== 'user' && !m.read).length;
}

/**
 * How long to wait before reconnecting after `attempt` failed tries: 1 s, 2 s, 4 s … capped at
 * 30 s, with up to 30 % jitter so many clients do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.3 * random()));
}

/** Reads one frame; anything that is not a known event is ignored rather than trusted. */
export function parseEvent(raw: unknown): ChatEvent | null {
  if (typeof raw !== 'string') return null;
  try {
    const e = JSON.parse(raw) as { type?: unknown };
    const known = ['ready', 'message', 'typing', 'read', 'presence', 'error'];
    return typeof e === 'object' && e !== null && typeof e.type === 'string' && known.includes(e.type)
      ? (e as ChatEvent)
      : null;
  } catch {
    return null;
  }
}
