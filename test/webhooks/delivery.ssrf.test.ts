import type { LookupAddress } from 'node:dns';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSender } from '../../src/webhooks/webhooks.send.js';
import { createWebhookWorker, type WebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { describeEachDb } from '../helpers.js';
import { addEndpoint, deliveries, emit, fixture, receiver, type Fixture } from './delivery.helpers.js';

/** A resolver that answers 127.0.0.1 for every name (a public-looking hostname pointed at loopback: DNS rebinding). */
const toLoopback = ((_host: string, _opts: unknown, cb: (err: null, addresses: LookupAddress[]) => void) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as never;

describeEachDb('webhook delivery: SSRF guard at every attempt', (dialect) => {
  let f: Fixture;
  let worker: WebhookWorker;
  beforeEach(async () => {
    f = await fixture(dialect, { WEBHOOK_ALLOW_PRIVATE: 'false' });
    worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
  });
  afterEach(async () => {
    await worker.close();
    await f.cleanup();
  });

  it('never connects to loopback endpoints stored in the table (127.0.0.1, localhost, [::1]) and records the refusal', async () => {
    const rx = await receiver();
    try {
      // Rows as an endpoint saved while WEBHOOK_ALLOW_PRIVATE was on would be.
      for (const url of [`http://127.0.0.1:${rx.port}/hook`, `http://localhost:${rx.port}/hook`, `http://[::1]:${rx.port}/hook`, `http://10.0.0.1:${rx.port}/hook`, 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/hook']) {
        await addEndpoint(f, { url });
      }
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      await worker.runOnce(); // the immediate retry is refused too
      expect(rx.connections()).toBe(0);
      expect(rx.received).toHaveLength(0);
      const rows = await deliveries(f.db);
      expect(rows).toHaveLength(6);
      for (const d of rows) {
        expect(d).toMatchObject({ status: 'pending', attempts: 2, last_status_code: null });
        expect(d.last_error).toMatch(/^Refused destination: /);
      }
      expect(rows.map((d) => d.last_error).join('\n')).toMatch(/loopback/);
      expect(rows.map((d) => d.last_error).join('\n')).toMatch(/linkLocal/);
    } finally {
      await rx.close();
    }
  });
});

it('refuses a hostname that resolves to 127.0.0.1 through guardedLookup, and connects only to what it checked', async () => {
  const rx = await receiver();
  const refused = createSender({ allowPrivate: false, dnsLookup: toLoopback });
  const allowed = createSender({ allowPrivate: true, dnsLookup: toLoopback });
  try {
    const url = `http://hooks.example.test:${rx.port}/hook`;
    const r = await refused.send(url, '{}', {});
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toBe('Refused destination: hooks.example.test resolves to a loopback address (127.0.0.1): refused');
    expect(rx.connections()).toBe(0);
    // The same resolver with private addresses allowed reaches the receiver: the socket used the checked lookup.
    expect(await allowed.send(url, '{}', {})).toMatchObject({ ok: true, statusCode: 200 });
    expect(rx.received).toHaveLength(1);
  } finally {
    refused.close();
    allowed.close();
    await rx.close();
  }
});

it('gives up on a receiver that does not answer in time, keeping at most 1 KB of an answer', async () => {
  const { createServer } = await import('node:http');
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const rx = await receiver(() => ({ status: 200, body: 'x'.repeat(5000) }));
  const sender = createSender({ allowPrivate: true, timeoutMs: 300 });
  try {
    const port = (silent.address() as { port: number }).port;
    const t0 = Date.now();
    expect(await sender.send(`http://127.0.0.1:${port}/`, '{}', {})).toEqual({ ok: false, statusCode: null, error: 'no answer within 0.3 s', response: null });
    expect(Date.now() - t0).toBeLessThan(2000);
    const long = await sender.send(rx.url, '{}', {});
    expect(long).toMatchObject({ ok: true, statusCode: 200 });
    expect(long.response).toBe('x'.repeat(1024));
  } finally {
    sender.close();
    silent.closeAllConnections();
    silent.close();
    await rx.close();
  }
});
