/**
 * The sequence rule of the `/ws` channels: a subscription starts with a `snapshot` at the channel's
 * `seq`; each `update` must be exactly one higher. Anything else is a gap (an update was lost) and the
 * channel must be resnapshotted; an update before any snapshot is dropped. Pure, so the rule is
 * tested without a socket.
 */
export interface ChannelSeq {
  /** null until the first snapshot */
  seq: number | null;
}

export type SeqVerdict = 'snapshot' | 'apply' | 'stale' | 'gap' | 'no-snapshot';

export function judge(state: ChannelSeq, type: 'snapshot' | 'update', seq: number): SeqVerdict {
  if (type === 'snapshot') return 'snapshot';
  if (state.seq === null) return 'no-snapshot';
  if (seq <= state.seq) return 'stale'; // a duplicate after a resubscribe: already in the snapshot
  if (seq === state.seq + 1) return 'apply';
  return 'gap';
}

/** Reconnect delays: 0.5 s, 1 s, 2 s … capped at 15 s, with up to 20 % jitter so clients do not stampede. */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (1 + 0.2 * random));
}
