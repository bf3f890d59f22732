import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * A debug aid for the embedded database (`DB_TRACE=<file>`): times every statement the server sends and writes,
 * on exit and every few seconds, a table by statement text — count, total and mean milliseconds, rows returned.
 * The benchmarks use it to tell which statements cost the single-threaded database its time. Off by default:
 * it wraps each call in a closure and a clock read.
 */
export interface StatementStats {
  count: number;
  ms: number;
  rows: number;
}

interface Queryable {
  query(text: string, params?: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
  exec(text: string, options?: unknown): Promise<unknown>;
  transaction?<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
}

export class StatementTrace {
  readonly stats = new Map<string, StatementStats>();
  private readonly file: string;

  constructor(file: string) {
    this.file = `${file}.${process.pid}`; // one file per process: the benchmark and its server both open databases
    const timer = setInterval(() => this.write(), 5000);
    timer.unref();
    process.once('exit', () => this.write());
  }

  /** Wraps `query` and `exec` of a client or a transaction so their time is counted. */
  wrap<T extends Queryable>(client: T): T {
    const query = client.query.bind(client);
    const exec = client.exec.bind(client);
    const transaction = client.transaction?.bind(client);
    return Object.assign(Object.create(client) as T, {
      ...(transaction
        ? {
            transaction: <R>(fn: (tx: Queryable) => Promise<R>) => {
              const started = performance.now();
              return transaction((tx) => fn(this.wrap(tx))).finally(() =>
                this.add('(whole transaction)', performance.now() - started, 0),
              );
            },
          }
        : {}),
      query: async (text: string, params?: unknown[], options?: unknown) => {
        const started = performance.now();
        const result = await query(text, params, options);
        this.add(text, performance.now() - started, result.rows.length);
        return result;
      },
      exec: async (text: string, options?: unknown) => {
        const started = performance.now();
        const result = await exec(text, options);
        this.add(text, performance.now() - started, 0);
        return result;
      },
    });
  }

  add(text: string, ms: number, rows: number): void {
    const key = text.replace(/\s+/g, ' ').slice(0, 300);
    const s = this.stats.get(key) ?? { count: 0, ms: 0, rows: 0 };
    s.count += 1;
    s.ms += ms;
    s.rows += rows;
    this.stats.set(key, s);
  }

  private write(): void {
    const sorted = [...this.stats].sort((a, b) => b[1].ms - a[1].ms);
    const lines = sorted.map(
      ([text, s]) =>
        `${s.ms.toFixed(0).padStart(8)} ms ${String(s.count).padStart(7)}× ${(s.ms / s.count).toFixed(2).padStart(7)} ms ${String(s.rows).padStart(8)} rows  ${text}`,
    );
    fs.writeFileSync(this.file, lines.join('\n') + '\n');
  }
}
