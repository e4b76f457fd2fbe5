import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { goodCancel } from '../cancel.fixtures.js';
import { describeEachDb, PG_URL } from '../../helpers.js';
import { createToken, dropProcessSchemas, processEnv, type RunningServer, startServer } from '../../process-helpers.js';

const servers: RunningServer[] = [];
// Large enough that the kill lands mid-storm even when the server is fast.
const STORM = 3000;
const KILL_AT = 100;
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await dropProcessSchemas();
});

interface Stored {
  id: string;
  token: string;
  user_id: string | null;
  attributes_json: string | null;
  version_number: number;
}

/** Rows of the server's database, read from outside the server. */
async function query<T>(env: Record<string, string>, q: string): Promise<T[]> {
  if (env.DATABASE_SCHEMA) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(`SET search_path TO "${env.DATABASE_SCHEMA}"`);
      return (await client.query(q)).rows;
    } finally {
      await client.end();
    }
  } else {
    const db = new SqliteDatabase(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
    try {
      return db.prepare(q).all() as T[];
    } finally {
      db.close();
    }
  }
}

/** Every cancel session in the server's database. */
async function storedSessions(env: Record<string, string>): Promise<Map<string, Stored>> {
  const rows = await query<Stored>(env, 'SELECT id, token, user_id, attributes_json, version_number FROM flow_sessions');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every recorded step in the server's database. */
async function storedSteps(env: Record<string, string>): Promise<{ session_id: string; step: string; key: string }[]> {
  return query(env, 'SELECT session_id, step, key FROM flow_steps');
}

/** A real server process with app `slug` (deep-link scheme `slug`) and its cancel flow published. */
async function serverWithFlow(dialect: 'sqlite' | 'postgres', slug: string) {
  // The storm comes from one test address: no per-client connection cap (tested in slow-clients).
  const env = processEnv(dialect, { PUBLIC_RATE_LIMIT: '100000000', MAX_CONNECTIONS_PER_CLIENT: '0' });
  const token = await createToken(env, 'kill');
  const server = await startServer(env);
  servers.push(server);
  const owner = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${server.url}/api/v1/apps${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  };
  await owner('POST', '', { name: slug, slug, deepLinkScheme: slug });
  await owner('PUT', `/${slug}/flows/cancel`, goodCancel());
  await owner('POST', `/${slug}/flows/cancel/publish`);
  return { env, server };
}

describeEachDb('cancel sessions survive kill -9', (dialect) => {
  it('kill -9 during a session-create storm: every acknowledged session is in the database after restart', async () => {
    const { env, server } = await serverWithFlow(dialect, 'storm');

    const acked: { sessionId: string; token: string; userId: string; i: number }[] = [];
    const post = (i: number) =>
      fetch(`${server.url}/api/public/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ appSlug: 'storm', platform: 'ios', userId: `storm-${i}`, locale: 'en_US', attributes: { i, plan: i % 2 ? 'pro' : null } }),
      })
        .then(async (r) => {
          if (r.status !== 201) return;
          const b = await r.json();
          acked.push({ ...b, userId: `storm-${i}`, i });
          // The kill goes out from an answer's own callback, while most of the storm is in flight.
          if (acked.length === KILL_AT) server.proc.kill('SIGKILL');
        })
        .catch(() => undefined);
    await Promise.all(Array.from({ length: STORM }, (_, i) => post(i)));
    await server.exited;
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AT);
    expect(server.proc.signalCode).toBe('SIGKILL');

    // The restarted server recovers the database and takes sessions again.
    const again = await startServer(env);
    servers.push(again);
    const after = await fetch(`${again.url}/api/public/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appSlug: 'storm', platform: 'ios', userId: 'after' }) });
    expect(after.status).toBe(201);
    const afterId = (await after.json()).sessionId;
    again.proc.kill('SIGTERM');
    expect(await again.exited, again.output()).toBe(0);

    const stored = await storedSessions(env);
    const missing = acked.filter((a) => !stored.has(a.sessionId));
    expect(missing.map((a) => a.userId)).toEqual([]);
    for (const a of acked) {
      const r = stored.get(a.sessionId)!;
      expect(r).toMatchObject({ token: a.token, user_id: a.userId });
      expect(Number(r.version_number)).toBe(1);
      expect(JSON.parse(r.attributes_json!)).toEqual({ i: a.i, plan: a.i % 2 ? 'pro' : null });
    }
    expect(stored.has(afterId)).toBe(true);
  });

  it('kill -9 during a storm of first screens and reason picks: every acknowledged step is in the database after restart', async () => {
    const { env, server } = await serverWithFlow(dialect, 'steps');

    // One session per request of the storm, created before it.
    const sessions: { sessionId: string; token: string; path: string }[] = [];
    for (let batch = 0; batch < STORM; batch += 500) {
      const rs = await Promise.all(
        Array.from({ length: 500 }, () =>
          fetch(`${server.url}/api/public/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appSlug: 'steps', platform: 'ios' }) }).then((r) => r.json()),
        ),
      );
      for (const b of rs) sessions.push({ sessionId: b.sessionId, token: b.token, path: new URL(b.flowUrl).pathname });
    }

    // Even requests open the first screen (records `opened`), odd ones pick a reason (records `reason`).
    const acked: { sessionId: string; step: 'opened' | 'reason'; key: string }[] = [];
    // fetch dispatches the bodiless GETs ahead of the POSTs: the kill waits for some of each.
    const onAck = (a: (typeof acked)[number]) => {
      acked.push(a);
      const n = (step: string) => acked.filter((x) => x.step === step).length;
      if (server.proc.exitCode === null && !server.proc.killed && n('opened') >= KILL_AT / 2 && n('reason') >= KILL_AT / 2) server.proc.kill('SIGKILL');
    };
    const storm = sessions.map((s, i) =>
      (i % 2
        ? fetch(`${server.url}${s.path}`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ t: s.token, b: 'reasons:continue', reason: 'too_expensive' }).toString(),
          }).then((r) => (r.status === 303 ? onAck({ sessionId: s.sessionId, step: 'reason', key: 'too_expensive' }) : undefined))
        : fetch(`${server.url}${s.path}?t=${s.token}`).then(async (r) => {
            const html = await r.text();
            if (r.status === 200 && html.includes(goodCancel().intro.title)) onAck({ sessionId: s.sessionId, step: 'opened', key: '' });
          })
      ).catch(() => undefined),
    );
    await Promise.all(storm);
    await server.exited;
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AT);
    // The kill went out mid-storm; on a loaded machine the server may still have answered every
    // request before it landed (its answers sit in socket buffers), which tests nothing less.
    expect(server.proc.signalCode).toBe('SIGKILL');

    const again = await startServer(env);
    servers.push(again);
    again.proc.kill('SIGTERM');
    expect(await again.exited, again.output()).toBe(0);

    const stored = new Set((await storedSteps(env)).map((r) => `${r.session_id} ${r.step} ${r.key}`));
    expect(acked.filter((a) => !stored.has(`${a.sessionId} ${a.step} ${a.key}`))).toEqual([]);
  });
});
