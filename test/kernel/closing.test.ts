import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers.js';

describe('closing the server', () => {
  it('a keep-alive connection whose request was in flight when close began does not hold close open', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    const t = await testApp('sqlite', {
      beforeReady: (app) =>
        app.get('/slow', { schema: { hide: true } }, async () => {
          entered();
          await gate;
          return { ok: true };
        }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    const answered = new Promise<number>((resolve, reject) =>
      request({ port, path: '/slow', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
        .on('error', reject)
        .end(),
    );
    await inHandler; // the request is in the handler (a fixed sleep lost the race on a loaded machine)
    const started = Date.now();
    const closed = t.close();
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await answered).toBe(200); // the in-flight request is still answered
    await closed;
    expect(Date.now() - started).toBeLessThan(3000); // not keepAliveTimeout (72 s)
    agent.destroy();
  });
});
