import type { Socket } from 'node:net';

/**
 * Where an update's delay goes on the server, for the `/ws` benchmark: the same probes in both servers so
 * their figures compare.
 *
 * - `publishLate`: from the moment an update was due (the publisher's wall-clock schedule stands for the
 *   commit) to its `publish()` — how late the publisher's timer fired, i.e. how long the event loop was busy;
 * - `queued` (hub only): from `publish()` to the start of the flush that carried it;
 * - `fanOut`: one flush (hub) or one update's write loop (baseline), start to end — serialization and every
 *   socket write of it; `fanOutCpu` the CPU time it took (on a shared machine the wall time mostly says how
 *   much of a core the process got);
 * - `written`: from the server timestamp on an update to the moment the write of the bytes carrying it
 *   returned, on every `TRACE_EVERY`-th connection (read from the bytes themselves, so any path that writes
 *   — the `ws` sender or a pre-framed buffer — is seen alike). Against the clients' delay this splits the
 *   server's share from the client processes' share.
 */
export const TRACE_EVERY = 20;

// the server's timestamp of an update follows its seq in both servers' messages (`"seq":7,"time":…`)
const STAMP = /"seq":\d+,"time":(\d+)/g;

export function percentiles(values: number[]): {
  n: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
} {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: round(sorted.at(-1)) };
}

export class StageClock {
  measuring = false;
  readonly publishLate: number[] = [];
  readonly queued: number[] = [];
  readonly fanOut: number[] = [];
  readonly fanOutCpu: number[] = [];
  readonly written: number[] = [];
  private connections = 0;

  /** Watches the writes of every `TRACE_EVERY`-th connection's socket. */
  trace(socket: Socket): void {
    if (this.connections++ % TRACE_EVERY !== 0) return;
    const write = socket.write.bind(socket) as (...a: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      const ok = write(chunk, ...rest);
      if (this.measuring && (Buffer.isBuffer(chunk) || typeof chunk === 'string')) this.stamps(chunk);
      return ok;
    }) as Socket['write'];
  }

  private stamps(chunk: Buffer | string): void {
    const now = Date.now();
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    for (const m of text.matchAll(STAMP)) this.written.push(now - Number(m[1]));
  }

  summary() {
    return {
      publishLateMs: percentiles(this.publishLate),
      queuedMs: percentiles(this.queued),
      fanOutMs: percentiles(this.fanOut),
      fanOutCpuMs: percentiles(this.fanOutCpu),
      writtenMs: percentiles(this.written),
    };
  }
}
