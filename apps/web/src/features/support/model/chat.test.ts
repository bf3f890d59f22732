import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@tidemark/contract/support-chat';
import { markReadUpTo, mergeMessages, parseEvent, reconnectDelay, unreadFromSupport } from './chat.ts';

const msg = (id: number, sender: ChatMessage['sender'], read = false): ChatMessage => ({
  id,
  userId: 1,
  sender,
  operatorId: sender === 'agent' ? 9 : null,
  content: `m${id}`,
  images: [],
  createdAt: id * 1000,
  read,
});

describe('mergeMessages', () => {
  it('keeps each message once, oldest first, and takes the newer copy', () => {
    const merged = mergeMessages(
      [msg(3, 'user'), msg(1, 'user')],
      [msg(2, 'agent'), { ...msg(3, 'user'), read: true }],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.read).toBe(true);
  });
  it('returns the same list when nothing arrives', () => {
    const list = [msg(1, 'user')];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('read state', () => {
  it('marks only the user messages up to the id as read by the agent', () => {
    const out = markReadUpTo([msg(1, 'user'), msg(2, 'agent'), msg(3, 'user')], 2);
    expect(out.map((m) => m.read)).toEqual([true, false, false]);
  });
  it('counts unread agent and system messages', () => {
    expect(unreadFromSupport([msg(1, 'user'), msg(2, 'agent'), msg(3, 'system'), msg(4, 'agent', true)])).toBe(2);
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second and stops at thirty', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => reconnectDelay(a, none))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
  it('adds at most 30 % jitter', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1300);
    expect(reconnectDelay(10, () => 0.5)).toBe(34500);
  });
});

describe('parseEvent', () => {
  it('reads known frames and ignores the rest', () => {
    expect(parseEvent(JSON.stringify({ type: 'presence', agentsOnline: 1 }))).toEqual({
      type: 'presence',
      agentsOnline: 1,
    });
    expect(parseEvent('{"type":"eval"}')).toBeNull();
    expect(parseEvent('not json')).toBeNull();
    expect(parseEvent('null')).toBeNull();
    expect(parseEvent(new ArrayBuffer(2))).toBeNull();
  });
});
