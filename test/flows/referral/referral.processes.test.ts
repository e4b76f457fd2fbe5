import { afterAll, expect, it } from 'vitest';
import { PG_URL } from '../../helpers.js';
import { createToken, dropProcessSchemas, processEnv, type RunningServer, startServer } from '../../process-helpers.js';
import { goodReferral } from './referral.fixtures.js';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await dropProcessSchemas();
});

/**
 * The lifetime cap across nodes: two server processes on one PostgreSQL database, 100 concurrent
 * reward claims of one referrer split between them while more friends attribute, grant exactly
 * the cap, each reward once (the per-referrer advisory lock in referral.store.ts).
 */
it.runIf(!!PG_URL)('two server processes on PostgreSQL never grant past the cap, nor one reward twice', async () => {
  const env = processEnv('postgres', { PUBLIC_RATE_LIMIT: '100000000' });
  const token = await createToken(env, 'ref');
  const [a, b] = [await startServer(env), await startServer(env)];
  servers.push(a, b);
  const owner = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${a.url}/api/v1/apps${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  };
  await owner('POST', '', { name: 'Two', slug: 'two-nodes', deepLinkScheme: 'two' });
  await owner('PUT', '/two-nodes/flows/referral', goodReferral({ maxRewardsPerReferrer: 5 }));
  await owner('POST', '/two-nodes/flows/referral/publish');
  const post = (server: RunningServer, path: string, body: unknown) =>
    fetch(`${server.url}/api/public/referral/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appSlug: 'two-nodes', ...(body as object) }) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const { code } = (await post(a, 'code', { userId: 'alice' })).body;
  for (let i = 0; i < 3; i++) expect((await post(i % 2 ? a : b, 'attribute', { code, userId: `f${i}` })).status).toBe(200);
  const answers = await Promise.all([
    ...Array.from({ length: 100 }, (_, i) => post(i % 2 ? a : b, 'rewards', { userId: 'alice' })),
    ...Array.from({ length: 10 }, (_, i) => post(i % 2 ? b : a, 'attribute', { code, userId: `g${i}` })),
  ]);
  for (const r of answers) expect(r.status).toBe(200);
  const granted = answers.slice(0, 100).reduce((s, r) => s + r.body.newReferrals, 0);
  const last = (await post(b, 'rewards', { userId: 'alice' })).body;
  expect(granted + last.newReferrals).toBe(5);
  expect(last).toMatchObject({ totalRewarded: 5, cappedOut: 8 });
});
