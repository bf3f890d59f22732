import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTable, runCommand, type CommandContext, type ControlCommand } from './command.ts';
import { sendControlCommand, NotAnsweringError } from './control-client.ts';
import { controlSocketPath } from './control-protocol.ts';
import { startControlServer, type ControlServer } from './control-server.ts';

/** The protocol on its own, with a table of one command that echoes a sum. */
const add: ControlCommand<{ a: number; b: number }> = {
  name: 'test:add',
  usage: 'usage: test:add <a> <b>',
  readOnly: true,
  args: z.object({ a: z.number(), b: z.number() }).strict(),
  parse: ([a, b]) => ({ a: Number(a), b: Number(b) }),
  async run(_ctx, { a, b }) {
    if (a < 0) throw new Error('negative');
    return { stdout: [String(a + b)], stderr: [], exitCode: 0 };
  },
};
const table = commandTable([add]);
const ctx = {} as CommandContext;

let dir: string;
let server: ControlServer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-control-'));
  server = await startControlServer({
    path: controlSocketPath(dir),
    log: pino({ level: 'silent' }),
    handle: (name, args) => runCommand(table, ctx, name, args),
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('control socket', () => {
  it('is a socket only its owner may open', () => {
    const st = fs.statSync(server.path);
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
  });

  it('runs a command from the table and answers its output', async () => {
    expect(await sendControlCommand(server.path, 'test:add', { a: 2, b: 3 })).toEqual({
      ok: true,
      output: { stdout: ['5'], stderr: [], exitCode: 0 },
    });
  });

  it('answers an unknown command, bad arguments and a failing command as output lines', async () => {
    const unknown = await sendControlCommand(server.path, 'test:nothing', {});
    expect(unknown).toMatchObject({
      ok: true,
      output: { exitCode: 2, stderr: [expect.stringMatching(/unknown command/)] },
    });
    const bad = await sendControlCommand(server.path, 'test:add', { a: 'two' });
    expect(bad).toMatchObject({ ok: true, output: { exitCode: 2, stderr: ['usage: test:add <a> <b>'] } });
    const failing = await sendControlCommand(server.path, 'test:add', { a: -1, b: 0 });
    expect(failing).toMatchObject({ ok: true, output: { exitCode: 2, stderr: ['test:add failed: negative'] } });
  });

  it('refuses a request that is not the protocol', async () => {
    const answer = await new Promise<string>((resolve) => {
      const s = net.createConnection(server.path, () => s.write('hello\n'));
      let text = '';
      s.on('data', (c) => (text += c));
      s.on('end', () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, error: 'request is not JSON' });
  });

  it('tells a client when nobody listens', async () => {
    await expect(sendControlCommand(path.join(dir, 'absent.sock'), 'test:add', {})).rejects.toBeInstanceOf(
      NotAnsweringError,
    );
  });
});
