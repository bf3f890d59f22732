/**
 * A lean HTTP/1.1 load generator for bench:http: `connections` keep-alive sockets, each sending its next request as
 * soon as the answer to the last one is read (no pipelining), for `durationS` seconds.
 *
 * Why not autocannon: it runs on the same two cores as the server and the database, and with a request built per
 * call and the answers' bodies read it took 88 µs of CPU per order (bench:http at 256 connections, 2026-11-27)
 * — more than half of the server's main thread — so the benchmark measured its own client as much as the server.
 * This one writes each request as one string and reads only the status, Content-Length and body; what it still
 * costs is reported as `loadGeneratorCpuUsPerOrder`.
 */
import net from 'node:net';
import { percentile } from '../engine/stats.ts';

export interface LoadRequest {
  path: string;
  authorization: string;
  body: string;
}

export interface LoadOptions<C> {
  host: string;
  port: number;
  connections: number;
  durationS: number;
  /** an answer slower than this counts as a timeout, and its connection is opened again */
  timeoutS: number;
  /** a fresh per-connection context */
  context: () => C;
  next: (ctx: C) => LoadRequest;
  onResponse: (status: number, body: string, ctx: C) => void;
}

export interface LoadResult {
  /** answers by status code, those read before the end only */
  statuses: Map<number, number>;
  /** connection errors and answers that could not be read */
  errors: number;
  timeouts: number;
  /** of every answer read before the end, in milliseconds */
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

const HEADER_END = Buffer.from('\r\n\r\n');

export function runLoad<C>(options: LoadOptions<C>): Promise<LoadResult> {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  const deadline = performance.now() + options.durationS * 1000;
  const hostHeader = `Host: ${options.host}:${options.port}\r\n`;

  return new Promise((resolve) => {
    let open = options.connections;
    const done = () => {
      open -= 1;
      if (open > 0) return;
      clearInterval(watchdog);
      resolve({ statuses, errors, timeouts, latencyMs: percentiles(latencies) });
    };
    const conns = Array.from({ length: options.connections }, () => connection());
    // one timer for every connection's time-out
    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const c of conns) c.checkTimeout(now);
    }, 250);

    function connection() {
      const ctx = options.context();
      let socket: net.Socket;
      let pending: Buffer | null = null;
      let sentAt = 0;
      let inFlight = false;
      let finished = false;

      const send = () => {
        if (performance.now() >= deadline) return finish();
        const r = options.next(ctx);
        socket.write(
          `POST ${r.path} HTTP/1.1\r\n${hostHeader}Content-Type: application/json\r\nAuthorization: ${r.authorization}\r\n` +
            `Content-Length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}`,
        );
        sentAt = performance.now();
        inFlight = true;
      };
      const finish = () => {
        if (finished) return;
        finished = true;
        socket.destroy();
        done();
      };
      const connect = () => {
        pending = null;
        inFlight = false;
        socket = net.connect({ host: options.host, port: options.port });
        socket.setNoDelay(true);
        socket.on('connect', send);
        socket.on('data', onData);
        socket.on('error', () => {});
        socket.on('close', () => {
          if (finished) return;
          // closed by the server or after an error: count what was lost and open another
          if (inFlight) errors += 1;
          if (performance.now() >= deadline) return finish();
          connect();
        });
      };
      const onData = (chunk: Buffer) => {
        const buf: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
        const headEnd = buf.indexOf(HEADER_END);
        if (headEnd < 0) {
          pending = buf;
          return;
        }
        const head = buf.toString('latin1', 0, headEnd);
        const length = contentLength(head);
        if (length === null) {
          // chunked or unknown length: not what the API sends; counted and the connection replaced
          errors += 1;
          inFlight = false;
          socket.destroy();
          return;
        }
        const end = headEnd + 4 + length;
        if (buf.length < end) {
          pending = buf;
          return;
        }
        pending = null;
        inFlight = false;
        const now = performance.now();
        if (now < deadline) {
          const status = Number(head.slice(9, 12));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          latencies.push(now - sentAt);
          options.onResponse(status, buf.toString('utf8', headEnd + 4, end), ctx);
        }
        send();
      };
      connect();
      return {
        checkTimeout(now: number) {
          if (finished || !inFlight || now - sentAt < options.timeoutS * 1000) return;
          timeouts += 1;
          inFlight = false;
          socket.destroy(); // 'close' opens another, or finishes after the deadline
        },
      };
    }
  });
}

function contentLength(head: string): number | null {
  const at = head.search(/\r\ncontent-length:/i);
  if (at < 0) return null;
  const from = at + '\r\ncontent-length:'.length;
  const eol = head.indexOf('\r\n', from);
  const n = Number(head.slice(from, eol < 0 ? undefined : eol).trim());
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function percentiles(values: number[]): LoadResult['latencyMs'] {
  if (!values.length) return { p50: 0, p90: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => Math.round(percentile(sorted, p));
  return { p50: at(50), p90: at(90), p99: at(99), max: at(100) };
}
