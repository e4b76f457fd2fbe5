import { afterAll, beforeAll, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildServer, loggerOptions } from '../../src/server.js';
import { testConfig, testDb } from '../helpers.js';

let h: Awaited<ReturnType<typeof testDb>>;
let failure: Error | undefined;
let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  h = await testDb('sqlite');
  // The real handle, with its write-failure signal under the test's control.
  app = await buildServer({ config: testConfig(), db: { ...h, writeFailure: () => failure }, logger: false });
});
afterAll(async () => {
  await app.close();
  await h.cleanup();
});

it('/healthz answers 503 with the reason once durable writes are refused, so a supervisor restarts the server', async () => {
  expect((await app.inject({ url: '/healthz' })).json()).toEqual({ ok: true });
  expect(h.writeFailure?.()).toBeUndefined(); // a real handle starts healthy
  failure = new Error('WAL fsync failed; no write is acknowledged until a restart: EIO');
  const r = await app.inject({ url: '/healthz' });
  expect(r.statusCode).toBe(503);
  expect(r.json()).toEqual({ ok: false, error: failure.message });
});

it('health probes stay out of the info log; other requests are logged', async () => {
  let logs = '';
  const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk), done()) });
  const logged = await buildServer({ config: testConfig(), db: h, logger: { ...loggerOptions('info'), stream } });
  try {
    expect((await logged.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await logged.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(logs).not.toMatch(/healthz|readyz/);
    expect((await logged.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(200);
    expect(logs).toContain('/api/v1/openapi.json');
  } finally {
    await logged.close();
  }
});

it('a failing probe logs its reason at warn', async () => {
  let logs = '';
  const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk), done()) });
  const fsync = new Error('WAL fsync failed; no write is acknowledged until a restart: EIO');
  const logged = await buildServer({ config: testConfig(), db: { ...h, writeFailure: () => fsync }, logger: { ...loggerOptions('info'), stream } });
  try {
    expect((await logged.inject({ url: '/healthz' })).statusCode).toBe(503);
    expect((await logged.inject({ url: '/readyz' })).statusCode).toBe(503);
    const lines = logs.split('\n').filter((l) => l.includes('health probe failing')).map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.path, l.error])).toEqual([
      [40, '/healthz', fsync.message],
      [40, '/readyz', fsync.message],
    ]);
  } finally {
    await logged.close();
  }
});

