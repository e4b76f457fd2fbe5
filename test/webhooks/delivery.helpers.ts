import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Config, Dialect } from '../../src/config.js';
import type { DbHandle } from '../../src/db/index.js';
import type { Clock } from '../../src/kernel/clock.js';
import { createEvents, defineEvent, type Events } from '../../src/kernel/events/events.js';
import { writeOutbox } from '../../src/db/outbox.js';
import { newSecret, secretBox } from '../../src/webhooks/webhooks.secrets.js';
import { testConfig, testDb } from '../helpers.js';

/**
 * Fixtures of the delivery tests: a real database with one account and app, a catalogue of two
 * test events (the worker reads summaries and dashboard paths from it), endpoints inserted as
 * rows (sealed secrets, as the endpoints API stores them), outbox events written in a
 * transaction as writers do, and real HTTP receivers on 127.0.0.1.
 */
export const thingCreated = defineEvent({
  type: 'test.thing.created',
  description: 'A thing was created.',
  data: z.object({ id: z.string(), app: z.string(), title: z.string() }),
  summary: (d) => `New thing: ${d.title}`,
  dashboardPath: (d) => `things/${d.id}`,
});
export const otherHappened = defineEvent({
  type: 'test.other.happened',
  description: 'Something else.',
  data: z.object({ n: z.number() }),
  summary: (d) => `Other #${d.n}`,
});

export type Fixture = Awaited<ReturnType<typeof fixture>>;

export async function fixture(dialect: Dialect, env: Record<string, string> = {}, db?: DbHandle & { cleanup?(): Promise<void> }) {
  const handle = db ?? (await testDb(dialect));
  const config: Config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', ...env });
  const now = new Date().toISOString();
  const suffix = Math.random().toString(36).slice(2, 8);
  const accountId = `acct_${suffix}`;
  const appId = `app_${suffix}`;
  const slug = `hooks-${suffix}`;
  await handle.db.insertInto('accounts').values({ id: accountId, name: 'Hooks', created_at: now }).execute();
  await handle.db.insertInto('apps').values({ id: appId, account_id: accountId, name: 'Hook App', slug, created_at: now, updated_at: now } as never).execute();
  const events = createEvents([thingCreated, otherHappened], handle, { ttlMs: 0 });
  return { db: handle, config, events, accountId, appId, slug, cleanup: async () => (db ? undefined : await (handle as { cleanup(): Promise<void> }).cleanup()) };
}

export async function addEndpoint(
  f: { db: DbHandle; config: Config; appId: string },
  o: { url: string; events?: string[]; format?: string; enabled?: boolean; previousSecret?: string; previousUntil?: string },
) {
  const id = `whe_${Math.random().toString(36).slice(2)}`;
  const secret = newSecret();
  const box = secretBox(f.config.secret);
  const now = new Date().toISOString();
  await f.db.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      app_id: f.appId,
      url: o.url,
      events_json: JSON.stringify(o.events ?? ['*']),
      format: o.format ?? 'standard',
      description: null,
      enabled: o.enabled === false ? 0 : 1,
      secret_sealed: box.seal(secret, id),
      previous_secret_sealed: o.previousSecret ? box.seal(o.previousSecret, id) : null,
      previous_until: o.previousUntil ?? null,
      failing_since: null,
      disabled_reason: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, secret };
}

/** Writes outbox events in one transaction, as a writer does with the data they report. */
export async function emit(f: { db: DbHandle; events: Events; appId: string }, list: { type: string; data: unknown; at?: string }[]) {
  const evs = list.map((e) => f.events.event(f.appId, e.type, e.data, e.at));
  await f.db.db.transaction().execute((trx) => writeOutbox(trx, evs));
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  url: string;
}

/** An HTTP receiver on 127.0.0.1; `answer` picks each response (status, headers, body). */
export async function receiver(answer: (r: Received, n: number) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 200 })) {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const r = { headers: req.headers, body, url: req.url ?? '' };
      received.push(r);
      const a = answer(r, received.length);
      res.writeHead(a.status, a.headers);
      res.end(a.body ?? 'ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    connections: () => connections,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The worker keeps its connections alive; do not wait for them.
        server.closeAllConnections();
      }),
  };
}

/** A clock the test moves. */
export function movableClock(start = new Date()) {
  let t = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(d: Date): void } = {
    now: () => new Date(t),
    advance: (ms) => void (t += ms),
    set: (d) => void (t = d.getTime()),
  };
  return clock;
}

export const deliveries = (db: DbHandle) => db.db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').orderBy('id').execute();

export { newSecret as newSecretForTest } from '../../src/webhooks/webhooks.secrets.js';
