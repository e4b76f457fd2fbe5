import { afterEach, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { createToken, processEnv, type RunningServer, startServer } from '../process-helpers.js';
import { BOT_AGENTS, UA, visit } from './links.fixtures.js';

const DEST = 'https://example.com/limited';
const SOLD_OUT = 'https://example.com/sold-out';
const humans = [UA.iphone, UA.android, UA.desktop, UA.ipad];

/** Owner calls over real HTTP; creates an app unless given one. */
async function owner(url: string, token: string, existingSlug?: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const slug: string = existingSlug ?? (await post('/api/v1/apps', { name: 'Storm' })).app.slug;
  return {
    slug,
    createLink: async (body: unknown) => (await post(`/api/v1/apps/${slug}/links`, body)).link as { id: string; code: string },
    getLink: async (idOrCode: string) => (await (await fetch(`${url}/api/v1/apps/${slug}/links/${idOrCode}`, { headers })).json()) as any,
  };
}

// Real server processes start slowly on a loaded 2-core machine: generous time limits.
const PROCESS_TEST_MS = 120_000;

describeEachDb('short links: exact limits and durability under load', (dialect) => {
  let t: TestApp | undefined;
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    await t?.close();
    t = undefined;
  });

  it('exactly L of 1,000 concurrent human clicks reach the destination; 200 concurrent bots never count', async () => {
    // 1,200 concurrent clients from this one test address: the per-client connection cap
    // (tested in test/kernel/slow-clients.test.ts) would close most of them.
    t = await testApp(dialect, { env: { MAX_CONNECTIONS_PER_CLIENT: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const api = await owner(base, t.token);
    const L = 37;
    const link = await api.createLink({ url: DEST, maxClicks: L, expiredBehavior: 'redirect', expiredUrl: SOLD_OUT });

    const clicks = [
      ...Array.from({ length: 1000 }, (_, i) => visit(`${base}/l/${link.code}`, { ua: humans[i % humans.length] })),
      ...Array.from({ length: 200 }, (_, i) => visit(`${base}/l/${link.code}`, { ua: BOT_AGENTS[i % BOT_AGENTS.length] })),
    ];
    const results = await Promise.all(clicks);
    const human = results.slice(0, 1000);
    expect(human.filter((r) => r.location === DEST)).toHaveLength(L);
    expect(human.filter((r) => r.location === SOLD_OUT)).toHaveLength(1000 - L);
    expect(results.every((r) => r.status === 302)).toBe(true);

    const { link: stored, stats } = await api.getLink(link.id);
    expect(stored).toMatchObject({ clickCount: L, state: 'limit_reached' });
    expect(stats.clicks).toBe(L);
    expect(stats.byTarget.expired).toBe(1000 - L);
    expect(stats.botClicks).toBe(200);
    // The counters stats read equal the history, key by key.
    const history = await t.db.db
      .selectFrom('link_clicks')
      .select(['target', 'is_bot', (eb) => eb.fn.countAll<number>().as('n')])
      .where('link_id', '=', link.id)
      .groupBy(['target', 'is_bot'])
      .execute();
    const counts = await t.db.db
      .selectFrom('link_click_counts')
      .select(['target', 'is_bot', (eb) => eb.fn.sum<number>('clicks').as('n')])
      .where('link_id', '=', link.id)
      .groupBy(['target', 'is_bot'])
      .execute();
    const norm = (rows: { target: string; is_bot: number; n: number | string }[]) => rows.map((r) => `${r.target}/${Number(r.is_bot)}/${Number(r.n)}`).sort();
    expect(norm(counts)).toEqual(norm(history));
  });

  it.runIf(dialect === 'postgres')('two server processes sharing PostgreSQL hand out exactly L of 1,000 concurrent clicks', async () => {
    const env = processEnv('postgres', { MAX_CONNECTIONS_PER_CLIENT: '0' }); // 1,000 clients from one test address
    const token = await createToken(env, 'storm');
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env);
    servers.push(b);
    const api = await owner(a.url, token);
    const L = 123;
    const link = await api.createLink({ url: DEST, maxClicks: L });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => visit(`${(i % 2 ? a : b).url}/l/${link.code}`, { ua: humans[i % humans.length] })),
    );
    expect(results.filter((r) => r.status === 302 && r.location === DEST)).toHaveLength(L);
    expect(results.filter((r) => r.status === 410)).toHaveLength(1000 - L);
    const { link: stored, stats } = await api.getLink(link.id);
    expect(stored.clickCount).toBe(L);
    expect(stats).toMatchObject({ clicks: L, byTarget: { expired: 1000 - L } });
  }, PROCESS_TEST_MS);

  it('kill -9 during a click storm loses no answered click', async () => {
    const env = processEnv(dialect);
    const token = await createToken(env, 'k9');
    const server = await startServer(env);
    servers.push(server);
    const api = await owner(server.url, token);
    const link = await api.createLink({ url: DEST });

    let answered = 0;
    let killed = false;
    const storm = Array.from({ length: 48 }, async (_, w) => {
      while (!killed) {
        try {
          const r = await visit(`${server.url}/l/${link.code}`, { ua: humans[w % humans.length] });
          if (r.status === 302 && r.location === DEST) answered++;
        } catch {
          return; // the server is gone
        }
      }
    });
    while (answered < 1500) await new Promise((r) => setTimeout(r, 5));
    server.proc.kill('SIGKILL');
    killed = true;
    await Promise.all(storm);
    await server.exited;

    const again = await startServer(env);
    servers.push(again);
    const { link: stored, stats } = await (await owner(again.url, token, api.slug)).getLink(link.id);
    expect(stored.clickCount).toBeGreaterThanOrEqual(answered);
    expect(stats.clicks).toBe(stored.clickCount);
    // only requests in flight when the process died (one per client) may be committed unanswered
    expect(stored.clickCount - answered).toBeLessThanOrEqual(48);
  }, PROCESS_TEST_MS);
});
