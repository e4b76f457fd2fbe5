import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodFeedback, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { PG_URL } from '../helpers.js';
import { createToken, dropProcessSchemas, processEnv, type RunningServer, startServer } from '../process-helpers.js';

/**
 * Two server processes on one PostgreSQL database with one Redis: the scale-out shape of
 * docs/scale-out.md, behaving as one service. Each case spreads its requests over both nodes.
 */
const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

describe.runIf(!!PG_URL)('two nodes on one PostgreSQL and one Redis', () => {
  const servers: RunningServer[] = [];
  let env: Record<string, string>;
  let a: RunningServer;
  let b: RunningServer;
  let token: string;
  const json = { 'content-type': 'application/json' };

  const owner = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${a.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? json : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.headers.get('content-type')?.includes('json') ? r.json() : r.text();
  };
  const post = (node: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${node.url}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
  const publish = async (slug: string, type: string, config: unknown) => {
    await owner('PUT', `/apps/${slug}/flows/${type}`, config);
    await owner('POST', `/apps/${slug}/flows/${type}/publish`);
  };

  beforeAll(async () => {
    // A secret of its own: the rate-limit keys in the shared Redis are per hashed client address.
    env = processEnv('postgres', { SECRET: randomBytes(24).toString('base64url'), REDIS_URL, PUBLIC_RATE_LIMIT: '100000' });
    token = await createToken(env, 'two');
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a, b);
    await owner('POST', '/apps', { name: 'Two Nodes', slug: 'two-nodes', deepLinkScheme: 'twonodes' });
  });
  afterAll(async () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    await dropProcessSchemas();
  });

  it('one vote per voter, whichever node each of 40 concurrent votes reaches', async () => {
    await publish('two-nodes', 'wishlist', goodWishlist());
    const { idea } = await owner('POST', '/apps/two-nodes/wishlist/ideas', { title: 'Dark mode' });
    const votes = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i % 2 ? a : b, '/api/public/wishlist/vote', { appSlug: 'two-nodes', ideaId: idea.id, userId: `voter-${i % 4}` })));
    for (const v of votes) expect(v.status).toBe(200);
    const list = await fetch(`${b.url}/api/public/wishlist/list?appSlug=two-nodes`).then((r) => r.json());
    expect(list.ideas.find((i: { id: string }) => i.id === idea.id).voteCount).toBe(4);
  });

  it('one winner among 20 concurrent claims of one onboarding token on both nodes', async () => {
    await publish('two-nodes', 'onboarding', goodOnboarding());
    const done = await post(a, '/api/public/onboarding/complete', { appSlug: 'two-nodes', answers: { goal: 'fall_asleep', habits: ['screens'] }, email: 'sleepy@example.com' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/api/public/onboarding/claim', { appSlug: 'two-nodes', claimToken: done.body.claimToken, userId: `u${i}` })));
    // Every claim answers (a re-claim gets the answers back with alreadyClaimed), one claim wins.
    for (const c of claims) expect(c.status).toBe(200);
    const won = claims.filter((c) => c.body.alreadyClaimed === false);
    expect(won).toHaveLength(1);
    const claimedAt = won[0].body.claimedAt;
    for (const c of claims) expect(c.body).toMatchObject({ email: 'sleepy@example.com', claimedAt });
  });

  it('rate limits are shared through Redis: a client gets the limit once, not once per node', async () => {
    const limited = processEnv('postgres', { SECRET: randomBytes(24).toString('base64url'), REDIS_URL, PUBLIC_RATE_LIMIT: '6' });
    const t2 = await createToken(limited, 'rl');
    const [c, d] = await Promise.all([startServer(limited), startServer(limited)]);
    servers.push(c, d);
    const auth = { authorization: `Bearer ${t2}` };
    await fetch(`${c.url}/api/v1/apps`, { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ name: 'Limited', slug: 'limited' }) });
    await fetch(`${c.url}/api/v1/apps/limited/flows/feedback`, { method: 'PUT', headers: { ...auth, ...json }, body: JSON.stringify(goodFeedback()) });
    await fetch(`${c.url}/api/v1/apps/limited/flows/feedback/publish`, { method: 'POST', headers: auth });
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await post(i % 2 ? c : d, '/api/public/feedback', { appSlug: 'limited', message: `m${i}` })).status);
    expect(answers.filter((s) => s < 300)).toHaveLength(6);
    expect(answers.filter((s) => s === 429)).toHaveLength(6);
  });

  it('a publish on node A shows on node B within a second; a link disabled on A stops redirecting on B within a second', async () => {
    await publish('two-nodes', 'feedback', goodFeedback());
    // B has the first version cached (it served it once).
    const first = await fetch(`${b.url}/api/public/feedback?appSlug=two-nodes`).then((r) => r.json());
    expect(first.config.intro.title).toBe(goodFeedback().intro.title);
    await publish('two-nodes', 'feedback', { ...goodFeedback(), intro: { ...goodFeedback().intro, title: 'Version two' } });
    const published = Date.now();
    for (;;) {
      const seen = await fetch(`${b.url}/api/public/feedback?appSlug=two-nodes`).then((r) => r.json());
      if (seen.config.intro.title === 'Version two') break;
      // The documented bound (docs/scale-out.md) is 1 s; 300 ms of slack for a loaded 2-core CI machine.
      expect(Date.now() - published).toBeLessThan(1300);
      await new Promise((r) => setTimeout(r, 25));
    }

    const { link } = await owner('POST', '/apps/two-nodes/links', { url: 'https://example.com/two', code: 'twonodes' });
    expect((await fetch(`${b.url}/l/twonodes`, { redirect: 'manual' })).status).toBe(302);
    await owner('PATCH', `/apps/two-nodes/links/${link.id}`, { status: 'disabled' });
    const disabled = Date.now();
    for (;;) {
      const r = await fetch(`${b.url}/l/twonodes`, { redirect: 'manual' });
      if (r.status !== 302) break;
      expect(Date.now() - disabled).toBeLessThan(1300);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('kill -9 of one node under load: every acknowledged signup is stored, and the other node keeps serving', async () => {
    await publish('two-nodes', 'waitlist', goodWaitlist());
    const acknowledged = new Set<string>();
    let n = 0;
    let stop = false;
    const load = async (node: RunningServer) => {
      while (!stop) {
        const email = `p${n++}@example.com`;
        const r = await post(node, '/api/public/waitlist', { appSlug: 'two-nodes', email }).catch(() => undefined);
        if (r && r.status < 300) acknowledged.add(email);
        else if (node === b) throw new Error(`node B failed: ${r?.status}`);
      }
    };
    const running = [load(a), load(a), load(b), load(b)];
    while (acknowledged.size < 200) await new Promise((r) => setTimeout(r, 10));
    a.proc.kill('SIGKILL');
    await a.exited;
    const atKill = acknowledged.size;
    while (acknowledged.size < atKill + 100) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await Promise.all(running);

    const csv = (await fetch(`${b.url}/api/v1/apps/two-nodes/waitlist/signups.csv`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text())) as string;
    const stored = new Set(csv.trim().split('\n').slice(1).map((line) => line.split(',')[1].replace(/"/g, '')));
    const lost = [...acknowledged].filter((e) => !stored.has(e));
    expect(lost).toEqual([]);
  });
});
