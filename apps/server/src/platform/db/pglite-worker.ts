import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-prepared.ts';
import {
  scriptMessage,
  type ThreadHello,
  type ThreadData,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-wire.ts';

/**
 * The embedded database's own thread (started by pglite-thread.ts). It holds the PGlite instance and does
 * nothing but run what the server's thread sends, in the order sent: each step is one synchronous call into
 * the WebAssembly PostgreSQL (a statement through its named prepared statement), and its raw reply bytes go
 * back without being parsed or copied again (their buffer is transferred). Locks, transactions and errors are
 * the server thread's business.
 */

const port = parentPort!;
const { dataDir, replies } = workerData as ThreadData;

let pg: PGlite;
try {
  pg = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
} catch (err) {
  port.postMessage({ ready: false, failure: (err as Error).message } satisfies ThreadHello);
  port.close();
  process.exit(1);
}

const prepared = new PreparedStatements();
const call = (message: Uint8Array) => pg.execProtocolRawSync(message);

function reply(message: ThreadReply, transfer: ArrayBuffer[] = []): void {
  replies.postMessage(message, transfer);
}

async function handle(request: ThreadRequest): Promise<void> {
  try {
    if (request.kind === 'run') {
      const outputs = request.steps.map((step) =>
        step.values ? prepared.run(step, call) : call(scriptMessage(step.text)),
      );
      if (request.sync) await pg.syncToFs();
      reply(
        { id: request.id, outputs },
        outputs.map((o) => o.buffer as ArrayBuffer),
      );
    } else if (request.kind === 'dump') {
      // dirty pages flushed first, so a restore replays little WAL
      await pg.exec('CHECKPOINT');
      const dump = await pg.dumpDataDir('gzip');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      reply({ id: request.id, bytes }, [bytes.buffer]);
    } else {
      await pg.close();
      reply({ id: request.id, done: true });
      replies.close();
      port.close();
    }
  } catch (err) {
    reply({ id: request.id, failure: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}

// requests run one after another in arrival order (a dump or a close awaits; nothing may overtake it)
let queue = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => handle(request));
});
port.postMessage({ ready: true } satisfies ThreadHello);
