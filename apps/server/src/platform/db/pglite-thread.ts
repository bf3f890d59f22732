import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import {
  messages,
  parse,
  protocol,
  TransactionAbortedError,
  types,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import {
  textParam,
  type Step,
  type ThreadHello,
  type ThreadData,
  type ThreadOptions,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-wire.ts';

/**
 * The embedded database on a thread of its own, behind the part of PGlite's interface the server uses
 * (`query`, `exec`, `transaction` for Drizzle; `dumpDataDir`, `close`).
 *
 * PGlite runs PostgreSQL compiled to WebAssembly synchronously on whatever thread holds it. On the server's
 * thread, every statement stopped HTTP and matching for as long as the database worked; here the database's
 * CPU is on the other core (pglite-worker.ts) and this thread only sends steps and parses replies.
 *
 * The meaning is PGlite's own: one statement or transaction at a time in call order (a statement outside a
 * transaction waits for an open one to end, as PGlite's transaction lock makes it), errors are PGlite's
 * `DatabaseError` with the statement and parameters attached, a failed callback rolls back, a COMMIT of an
 * aborted transaction throws `TransactionAbortedError`, a closed transaction refuses statements. What differs
 * is only how many times the threads talk: a statement is one message each way (PGlite's `query()` makes six
 * calls into the database), and a transaction's BEGIN travels with its first statement.
 */

type Parsers = Record<number | string, (x: string, typeId?: number) => unknown>;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A transaction's handle, as PGlite gives it to the callback. */
export interface PgliteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /**
   * A statement kept for the COMMIT: it goes to the database thread in one message with the kept statements before
   * it and the COMMIT, once the callback has returned (the callback must not await it). The first one to fail
   * rejects it and every one after it, and the transaction rolls back.
   */
  keep<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const BEGIN: Step = { text: 'BEGIN' };

interface KeptStep {
  step: Step;
  text: string;
  params: unknown[] | undefined;
  options: QueryOptions | undefined;
  resolve(result: Results): void;
  reject(err: unknown): void;
}

/**
 * Runs callers one after another in call order (PGlite's transaction lock). A caller may hand the turn on before
 * it ends (`release`): once its last message is posted, the database thread runs whatever comes next after it.
 */
class Turns {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: (release: () => void) => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const result = this.tail.then(() => fn(release));
    this.tail = Promise.race([
      released,
      result.then(
        () => {},
        () => {},
      ),
    ]);
    return result;
  }
}

interface Waiting {
  resolve(reply: ThreadReply): void;
  reject(err: Error): void;
}

function withStatement<E extends object>(err: E, query: string, params: unknown[] | undefined, options?: QueryOptions) {
  // the statement and its parameters on the error, as PGlite's own query() gives them
  return Object.assign(err, { query, params, queryOptions: options });
}

export class PgliteThread {
  /** Starts the database's thread and waits until the database is open (or says why it is not). */
  static async open(options: ThreadOptions): Promise<PgliteThread> {
    // replies come on a channel of their own, which poll() can read without waiting for the event loop
    const { port1: replies, port2 } = new MessageChannel();
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { ...options, replies: port2 } satisfies ThreadData,
      transferList: [port2],
    });
    const hello = await new Promise<ThreadHello>((resolve, reject) => {
      const exited = (code: number) => reject(new Error(`the embedded database's thread exited (code ${code})`));
      worker.once('error', reject);
      worker.once('exit', exited);
      worker.once('message', (message: ThreadHello) => {
        worker.off('error', reject);
        worker.off('exit', exited);
        resolve(message);
      });
    });
    if (!hello.ready) {
      replies.close();
      await worker.terminate();
      throw new Error(hello.failure);
    }
    const thread = new PgliteThread(worker, replies);
    await thread.loadArrayParsers();
    return thread;
  }

  private readonly turns = new Turns();
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private stopped: Error | null = null;
  private readonly parser = new protocol.Parser();
  /** PGlite's default type parsers, with the array types of this database added as PGlite adds them. */
  private readonly parsers: Parsers = { ...types.parsers };

  private readonly worker: Worker;
  private readonly replies: MessagePort;

  private constructor(worker: Worker, replies: MessagePort) {
    this.worker = worker;
    this.replies = replies;
    replies.on('message', (reply: ThreadReply) => this.answer(reply));
    worker.on('error', (err) => this.stop(err, true));
    worker.on('exit', (code) => this.stop(new Error(`the embedded database's thread exited (code ${code})`), true));
    // the thread keeps the process alive only while a request waits for it, as an in-thread database would
    worker.unref();
    replies.unref();
  }

  /**
   * Takes the replies that have arrived, now, instead of when the event loop reaches them. Under load the loop
   * reads many sockets before it gets to the database thread's message, and meanwhile that thread waits for the
   * next statement: the HTTP layer calls this between requests (platform/http/database-replies.ts), so a spot
   * group's read is answered and its write sent there (the promises settle right after the caller's callback).
   */
  poll(): void {
    if (this.waiting.size === 0) return;
    for (let got = receiveMessageOnPort(this.replies); got; got = receiveMessageOnPort(this.replies)) {
      this.answer(got.message as ThreadReply);
    }
  }

  /** A statement outside any transaction: it waits for an open transaction to end. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.turns.run(() => this.statement<T>([], text, params, options, true));
  }

  /** A script of one or more statements (simple protocol), outside any transaction. */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.turns.run(() => this.script([], text, options, true));
  }

  /**
   * The next caller's turn starts as soon as this transaction's COMMIT (or ROLLBACK) is posted, not when its reply
   * is back: the database thread runs requests in the order they were posted, so the next transaction still runs
   * after this one has ended, and its first statement is already waiting there instead of waiting for this
   * thread to read the reply and send it (the spot group commit reads its next group so; spot-committer.ts).
   */
  transaction<R>(fn: (tx: PgliteTransaction) => Promise<R>): Promise<R> {
    return this.turns.run(async (release) => {
      let begun = false;
      let closed = false;
      const kept: KeptStep[] = [];
      // BEGIN is sent with the transaction's first statement; a callback that sends none opens nothing
      const opening = (): Step[] => (begun ? [] : ((begun = true), [BEGIN]));
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const end = async (command: 'COMMIT' | 'ROLLBACK') => {
        closed = true;
        const last = kept.splice(0);
        if (command === 'ROLLBACK') for (const k of last) k.reject(new Error('Transaction is closed'));
        const keeping = command === 'COMMIT' && last.length > 0;
        if (!begun && !keeping) return;
        // posted synchronously by this call: the turn passes on with it (BEGIN goes first when only kept
        // statements ran)
        const ended = keeping ? this.commitKept(opening(), last) : this.script([], command, undefined, true);
        release();
        const [result] = await ended;
        if (command === 'COMMIT' && result?.command === 'ROLLBACK') {
          throw withStatement(new TransactionAbortedError(), 'COMMIT', undefined);
        }
      };
      const tx: PgliteTransaction = {
        query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.statement<T>(opening(), text, params, options, false);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.script(opening(), text, options, false);
        },
        keep: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return new Promise<Results<T>>((resolve, reject) => {
            const values = (params ?? []).map(textParam);
            kept.push({
              step: { text, values },
              text,
              params,
              options,
              resolve: resolve as KeptStep['resolve'],
              reject,
            });
          });
        },
        rollback: async () => {
          open();
          await end('ROLLBACK');
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) await end('COMMIT');
        return result;
      } catch (err) {
        if (!closed) await end('ROLLBACK');
        throw err;
      }
    });
  }

  /** A gzipped tar of the data directory, taken between two transactions (an online backup). */
  dumpDataDir(): Promise<Buffer> {
    return this.turns.run(async () => {
      const reply = await this.send({ kind: 'dump' });
      const { bytes } = reply as { bytes: Uint8Array };
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ kind: 'close' });
    this.stop(new Error('the embedded database is closed'), false);
    this.replies.close();
    await this.worker.terminate();
  }

  private async statement<T>(
    prefix: Step[],
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    sync: boolean,
  ): Promise<Results<T>> {
    const values = (params ?? []).map(textParam);
    const outputs = await this.run([...prefix, { text, values }], sync);
    const found = this.read(outputs, prefix);
    if (found.error) throw withStatement(found.error, text, params, options);
    return parse.parseResults(found.messages, this.parsers, options)[0] as Results<T>;
  }

  private async script(prefix: Step[], text: string, options: QueryOptions | undefined, sync: boolean) {
    const outputs = await this.run([...prefix, { text }], sync);
    const found = this.read(outputs, prefix);
    if (found.error) throw withStatement(found.error, text, undefined, options);
    return parse.parseResults(found.messages, this.parsers, options);
  }

  /**
   * The kept statements and COMMIT in one message. Their replies settle them in order; after a failed one the
   * transaction is aborted, so those after it fail too and the COMMIT answers ROLLBACK.
   */
  private async commitKept(prefix: Step[], kept: KeptStep[]): Promise<Results[]> {
    let outputs: Uint8Array[];
    let failed: Error | null = null;
    try {
      outputs = await this.run([...prefix, ...kept.map((k) => k.step), { text: 'COMMIT' }], true);
      this.read(outputs, prefix);
    } catch (err) {
      for (const k of kept) k.reject(err);
      throw err;
    }
    kept.forEach((k, i) => {
      if (failed) return k.reject(failed);
      const { messages: found, error } = this.messagesOf(outputs[prefix.length + i]!);
      if (error) {
        failed = withStatement(error, k.text, k.params, k.options);
        return k.reject(failed);
      }
      k.resolve(parse.parseResults(found, this.parsers, k.options)[0]!);
    });
    // the statement that failed is why nothing was committed (COMMIT of the aborted transaction rolled it back)
    if (failed) throw failed;
    const end = this.messagesOf(outputs[prefix.length + kept.length]!);
    if (end.error) throw withStatement(end.error, 'COMMIT', undefined);
    return parse.parseResults(end.messages, this.parsers);
  }

  /** The last step's messages, after checking that the steps sent before it (BEGIN) succeeded. */
  private read(outputs: Uint8Array[], prefix: Step[]) {
    prefix.forEach((step, i) => {
      const { error } = this.messagesOf(outputs[i]!);
      if (error) throw withStatement(error, step.text, undefined);
    });
    return this.messagesOf(outputs[prefix.length]!);
  }

  /** Parses a reply; the first database error ends it (PGlite keeps only the first error of a call). */
  private messagesOf(bytes: Uint8Array): { messages: BackendMessage[]; error: Error | null } {
    const found: BackendMessage[] = [];
    let error: Error | null = null;
    // the transferred buffer is this reply's alone: given whole, the parser need not copy it
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    this.parser.parse(whole ? (bytes.buffer as ArrayBuffer) : bytes, (message) => {
      if (error) return;
      if (message instanceof messages.DatabaseError) error = message;
      else found.push(message);
    });
    return { messages: found, error };
  }

  private async run(steps: Step[], sync: boolean): Promise<Uint8Array[]> {
    const reply = await this.send({ kind: 'run', steps, sync });
    return (reply as { outputs: Uint8Array[] }).outputs;
  }

  private send(request: ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never) {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<ThreadReply>((resolve, reject) => {
      if (this.waiting.size === 0) this.replies.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  private answer(reply: ThreadReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.replies.unref();
    if ('failure' in reply) waiting.reject(new Error(`the embedded database failed: ${reply.failure}`));
    else waiting.resolve(reply);
  }

  private stop(err: Error, unexpected: boolean): void {
    if (this.stopped) return;
    this.stopped = err;
    if (unexpected) console.error(`embedded database: ${err.message}`);
    for (const waiting of this.waiting.values()) waiting.reject(err);
    this.waiting.clear();
  }

  /** PGlite's own start-up step: a parser for every array type of the database (element parser inside). */
  private async loadArrayParsers(): Promise<void> {
    const arrays = await this.query<{ oid: number; typarray: number }>(`
      SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`);
    for (const { oid, typarray } of arrays.rows) {
      this.parsers[typarray] = (x) => types.arrayParser(x, this.parsers[oid] as (x: string) => unknown, typarray);
    }
  }
}
