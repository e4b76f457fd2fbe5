import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTtyLogFormatter } from '../../src/kernel/tty-log.js';
import { BIN, processEnv } from '../process-helpers.js';

const time = Date.UTC(2026, 10, 27, 9, 30, 5);
const json = (o: object) => JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', ...o }) + '\n';

describe('log lines on a terminal', () => {
  it('one line per request (method, path, status, time), other messages with their level', () => {
    const format = createTtyLogFormatter({ color: false });
    expect(format(json({ reqId: 'r1', req: { id: 'r1', method: 'GET', path: '/healthz' }, msg: 'incoming request' }))).toBe('');
    expect(format(json({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 2.7, msg: 'request completed' }))).toBe('09:30:05 GET /healthz 200 3 ms\n');
    expect(format(json({ level: 40, msg: 'careful', app: 'x' }))).toBe('09:30:05 WARN careful {"app":"x"}\n');
    expect(format(json({ level: 50, msg: 'broke', err: { message: 'boom', stack: 'Error: boom\n    at f' } }))).toBe('09:30:05 ERROR broke\nError: boom\n    at f\n');
    expect(format('not json')).toBe('not json\n');
    // A request whose start was not seen (or was dropped) still gets its line.
    expect(format(json({ reqId: 'r9', res: { statusCode: 503 }, msg: 'request completed' }))).toBe('09:30:05 request r9 503\n');
  });

  it('colours the status by class when asked', () => {
    const format = createTtyLogFormatter({ color: true });
    format(json({ reqId: 'a', req: { method: 'POST', path: '/x' }, msg: 'incoming request' }));
    expect(format(json({ reqId: 'a', res: { statusCode: 500 }, msg: 'request completed' }))).toContain('\x1b[31m500\x1b[0m');
  });
});

describe.skipIf(!existsSync('/usr/bin/script'))('`appflows serve` on a terminal (a pseudo-terminal from script(1))', () => {
  let proc: ReturnType<typeof spawn> | undefined;
  afterEach(() => {
    if (proc?.exitCode === null) proc.kill('SIGKILL');
  });

  it('writes one short line per request, no JSON, and the setup link highlighted', async () => {
    const env = processEnv('sqlite', { LOG_LEVEL: 'info', PORT: '0' });
    proc = spawn('script', ['-qfec', `${BIN} serve`, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    let port: string | undefined;
    for (let i = 0; !port; i++) {
      if (i > 600 || proc.exitCode !== null) throw new Error(`did not start:\n${out}`);
      port = /appflows: listening on http:\/\/\S+:(\d+)/.exec(out)?.[1];
      await new Promise((r) => setTimeout(r, 100));
    }
    await expect.poll(() => out, { timeout: 10_000 }).toContain('No dashboard owner yet');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/apps`)).status).toBe(401);
    const plain = () => out.replace(/\x1b\[[0-9;]*m/g, '');
    await expect.poll(plain, { timeout: 10_000 }).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/apps 401 \d+ ms\r?$/m);
    expect(out).toMatch(/\x1b\[1;33mNo dashboard owner yet\. Create one at http:\/\/localhost:\d+\/admin\/setup\?t=[A-Za-z0-9_-]{32} /);
    expect(out).not.toContain('{"level"');
    expect(out).not.toContain('incoming request');
  });
});
