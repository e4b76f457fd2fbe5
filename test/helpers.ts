import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { loadConfig, type Config, type Dialect } from '../src/config.js';
import { openAndMigrate, type DbHandle } from '../src/db/index.js';
import type { Clock } from '../src/kernel/clock.js';
import { buildServer } from '../src/server.js';
import { giveBack, noteFresh, takeSchema } from './pg-schemas.js';

export const PG_URL = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** `describe` once per database dialect. */
export function describeEachDb(name: string, fn: (dialect: Dialect) => void) {
  for (const d of dialects) describe(`${name} [${d}]`, () => fn(d));
}

export function testConfig(overrides: Record<string, string> = {}, dataDir?: string): Config {
  return loadConfig({
    DATA_DIR: dataDir ?? mkdtempSync(join(tmpdir(), 'appflows-cfg-')),
    SECRET: 'test-secret-test-secret-test-secret-000',
    BASE_URL: 'http://api.test',
    WEB_URL: 'http://web.test',
    SIGNUP_URL: 'http://signup.test',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** A fresh, migrated database: a temp SQLite file, or a schema of its own in PostgreSQL. */
export async function testDb(dialect: Dialect): Promise<DbHandle & { cleanup(): Promise<void> }> {
  if (dialect === 'postgres') {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
    // A schema of its own: new, or one an earlier test of this file left as good as new (pg-schemas.ts).
    const { schema, reused } = takeSchema();
    const h = await openAndMigrate({ dialect, url: PG_URL, schema, poolSize: 20 });
    if (!reused) await noteFresh(h.db, schema).catch(async (e) => (await giveBack(h.db, schema, true), await h.close(), Promise.reject(e)));
    let done = false;
    return {
      ...h,
      async cleanup() {
        if (done) return;
        done = true;
        await giveBack(h.db, schema);
        await h.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'appflows-db-'));
  const h = await openAndMigrate({ dialect, url: join(dir, 'test.db') });
  return {
    ...h,
    async cleanup() {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A full server on a fresh database, driven through Fastify inject (real routing, real DB). */
export async function testApp(
  dialect: Dialect,
  opts: { env?: Record<string, string>; clock?: Clock; beforeReady?: (app: Awaited<ReturnType<typeof buildServer>>) => void } = {},
) {
  const db = await testDb(dialect);
  const config = testConfig(opts.env);
  const app = await buildServer({ config, db, clock: opts.clock, logger: false });
  opts.beforeReady?.(app);
  await app.ready();
  const created = await app.services.tokens.create('test');
  const token = created.token;
  const auth = { authorization: `Bearer ${token}` };
  return {
    app,
    db,
    config,
    token,
    auth,
    /** A second account with its own token (isolation tests). */
    async otherAccount() {
      const id = `acct_${Math.random().toString(36).slice(2)}`;
      await db.db.insertInto('accounts').values({ id, name: 'Other', created_at: new Date().toISOString() }).execute();
      const t = await app.services.tokens.create('other', id);
      return { token: t.token, auth: { authorization: `Bearer ${t.token}` } };
    },
    async createApp(body: Record<string, unknown> = { name: 'Test App' }, headers = auth) {
      const r = await app.inject({ method: 'POST', url: '/api/v1/apps', headers, payload: body });
      if (r.statusCode !== 201) throw new Error(`createApp: ${r.statusCode} ${r.body}`);
      return r.json().app as { id: string; slug: string; name: string };
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

const listening = new WeakMap<TestApp, Promise<string>>();

/** The test app's base URL over real HTTP (it starts listening on first use; t.close() stops it). Fast paths (kernel/preroute.ts) exist only there, never under inject. */
export function baseUrl(t: TestApp): Promise<string> {
  let url = listening.get(t);
  if (!url) {
    url = t.app.listen({ port: 0, host: '127.0.0.1' });
    listening.set(t, url);
  }
  return url;
}

/**
 * Waits until the clock shows a later millisecond. Lists are newest (or oldest) first by creation
 * time, and rows made in the same millisecond tie (their ids' random part then decides): seed
 * rows whose order a test asserts one millisecond apart.
 */
export async function nextMs(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((r) => setTimeout(r, 1));
}
