import { spawn } from 'node:child_process';
import path from 'node:path';
import { runLoad } from './http-load.ts';
import { cpuMs } from './proc-cpu.ts';

/**
 * The HTTP floor, measured in the same run as the orders (a reference, like pgbench for the database): the same load
 * generator, the same connections and order bodies, against a server of the same framework that only parses the
 * body and answers (http-floor-server.ts). Its rate is the most any order path over HTTP can acknowledge on this
 * machine at that moment; its CPU per request is what HTTP alone costs an order on the server's main thread.
 */
export interface HttpFloor {
  connections: number;
  requestsPerSecond: number;
  serverCpuUsPerRequest: number;
  loadGeneratorCpuUsPerRequest: number;
}

const SERVER = path.resolve(import.meta.dirname, 'http-floor-server.ts');

export async function httpFloor(options: {
  port: number;
  connections: number;
  durationS: number;
  body: (n: number) => string;
}): Promise<HttpFloor> {
  const server = spawn(process.execPath, [SERVER, String(options.port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the HTTP floor server exited (${code})`)));
      server.stdout!.once('data', () => resolve());
    });
    let n = 0;
    const run = (durationS: number) =>
      runLoad({
        host: '127.0.0.1',
        port: options.port,
        connections: options.connections,
        durationS,
        timeoutS: 20,
        context: () => null,
        next: () => ({ path: '/api/floor', authorization: 'Bearer floor', body: options.body(n++) }),
        onResponse: () => {},
      });
    await run(2); // warm-up (JIT), not reported
    const server0 = cpuMs([server.pid!]);
    const load0 = process.cpuUsage();
    const result = await run(options.durationS);
    const load = process.cpuUsage(load0);
    const answered = result.statuses.get(200) ?? 0;
    const perRequest = (us: number) => Math.round(us / Math.max(1, answered));
    return {
      connections: options.connections,
      requestsPerSecond: Math.round(answered / options.durationS),
      serverCpuUsPerRequest: perRequest((cpuMs([server.pid!]) - server0) * 1000),
      loadGeneratorCpuUsPerRequest: perRequest(load.user + load.system),
    };
  } finally {
    server.kill('SIGKILL');
  }
}
