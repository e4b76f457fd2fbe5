import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CODE_ALPHABET } from '../../../src/flows/referral/referral.service.js';
import { buildServer } from '../../../src/server.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodReferral } from './referral.fixtures.js';

describeEachDb('referral loop', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-11-01T10:00:00.000Z');
  let ip = 1;
  const json = { 'content-type': 'application/json' };
  /** A public call from its own client address (TRUST_PROXY): devices differ unless told otherwise. */
  const call = (path: string, body: unknown, addr = `198.51.100.${ip++ % 250}`) =>
    t.app.inject({ method: 'POST', url: `/api/public/referral/${path}`, headers: { ...json, 'x-forwarded-for': addr }, payload: JSON.stringify(body) });
  let slug = '';
  let n = 0;
  const freshApp = async (config: Record<string, unknown> = goodReferral()) => {
    slug = `refer-${++n}`;
    await t.createApp({ name: slug, slug, deepLinkScheme: 'sleepy' });
    await putAndPublish(t, slug, 'referral', config);
  };
  const codeOf = async (userId: string) => (await call('code', { appSlug: slug, userId })).json();

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', TRUST_PROXY: 'true' }, clock: { now: () => now } });
  });
  beforeEach(() => freshApp());
  afterAll(() => t.close());

  it('config: the legacy {referrerWeeks, refereeWeeks} shape is upgraded; warnings flag what an author needs', async () => {
    const put = (config: unknown) => t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/referral`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
    const legacy = { ...goodReferral(), rewards: { referrerWeeks: 2, refereeWeeks: 1, referrerLabel: 'x' } };
    const r = await put(legacy);
    expect(r.statusCode, r.body).toBe(200);
    const draft = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/referral`, headers: t.auth })).json().draft.config;
    expect(draft.rewards).toEqual({ referrer: { amount: 2, unit: 'week' }, referee: { amount: 1, unit: 'week' }, refereeEnabled: true, referrerLabel: 'x' });
    const codes = async (config: unknown) => ((await put(config)).json().warnings as { code: string }[]).map((w) => w.code);
    const g = goodReferral();
    expect(await codes(g)).toEqual([]);
    expect(await codes({ ...g, maxRewardsPerReferrer: 0 })).toContain('unlimited_rewards');
    expect(await codes({ ...g, landing: { ...g.landing, appStoreUrl: undefined } })).toContain('missing_app_store_url');
    expect(await codes({ ...g, landing: { ...g.landing, fallback: 'website' } })).toContain('missing_website_url');
    expect(await codes({ ...g, rewards: { ...g.rewards, referrer: { amount: 20, unit: 'week' } } })).toContain('unit_out_of_range');
    expect(await codes({ ...g, rewards: { ...g.rewards, referee: undefined } })).toContain('referee_reward_missing');
    expect(await codes({ ...g, maxReferralsPerDevice: undefined })).toContain('unlimited_devices');
    const bad = await put({ ...g, rewards: { ...g.rewards, referrer: { amount: -1, unit: 'week' } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues[0].path).toBe('/rewards/referrer/amount');
  });

  it('codes: minted once per user, 8 unambiguous characters, display form, share link and message, reward payload', async () => {
    const a = await codeOf('alice');
    expect(a.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(a).toEqual({
      code: a.code,
      displayCode: `${a.code.slice(0, 4)}-${a.code.slice(4)}`,
      shareUrl: `http://web.test/r/${a.code}`,
      shareMessage: `Try Sleepy with me, we both get a free week: http://web.test/r/${a.code}`,
      referrerReward: { amount: 2, unit: 'week', unitPlural: 'weeks', weeks: 2, label: '2 free weeks per friend' },
      referrerWeeks: 2,
      referrerLabel: '2 free weeks per friend',
    });
    expect((await codeOf('alice')).code).toBe(a.code);
    const burst = await Promise.all(Array.from({ length: 20 }, () => codeOf('bob')));
    expect(new Set(burst.map((b) => b.code)).size).toBe(1);
    expect((await call('code', { appSlug: 'nobody', userId: 'x' })).statusCode).toBe(404);
  });

  it('typed codes match whatever their case, dashes and spaces; the referee gets their reward once', async () => {
    const { code } = await codeOf('alice');
    const typed = [code.toLowerCase(), `${code.slice(0, 4)}-${code.slice(4)}`, ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `];
    for (const [i, c] of typed.entries()) {
      const r = await call('attribute', { appSlug: slug, code: c, userId: `friend-${i}` });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ attributed: true, alreadyAttributed: false, refereeReward: { amount: 1, unit: 'week', unitPlural: 'weeks', weeks: 1, label: '1 free week' } });
    }
    const again = await call('attribute', { appSlug: slug, code, userId: 'friend-0' });
    expect(again.json()).toMatchObject({ attributed: true, alreadyAttributed: true });
    // A referee attributes to one referrer only.
    const other = (await codeOf('carol')).code;
    expect((await call('attribute', { appSlug: slug, code: other, userId: 'friend-0' })).json()).toMatchObject({ attributed: false, alreadyAttributed: true, refereeReward: null });
  });

  it('the landing path: claim-intent gives a one-time amrf_ token; attribute with it; the token is spent', async () => {
    const { code } = await codeOf('alice');
    const intent = await call('claim-intent', { appSlug: slug, code: code.toLowerCase() });
    expect(intent.statusCode, intent.body).toBe(201);
    expect(intent.json().claimToken).toMatch(/^amrf_[A-Za-z0-9]{32}$/);
    expect(intent.json().expiresAt).toBe('2026-11-08T10:00:00.000Z');
    // Exactly the SDK's body: the clipboard text (trimmed by the server too), anonymousId, no userId.
    const r = await call('attribute', { appSlug: slug, claimToken: ` ${intent.json().claimToken}\n`, anonymousId: 'ANON1' });
    expect(r.json()).toMatchObject({ attributed: true, alreadyAttributed: false });
    expect((await call('attribute', { appSlug: slug, claimToken: intent.json().claimToken, anonymousId: 'ANON1' })).json()).toMatchObject({ alreadyAttributed: true });
    expect((await call('attribute', { appSlug: slug, claimToken: intent.json().claimToken, anonymousId: 'ANON2' })).statusCode).toBe(404);
    // Expired tokens, unknown codes and tokens, other apps' codes: 404.
    const late = (await call('claim-intent', { appSlug: slug, code })).json().claimToken;
    now = new Date('2026-11-08T10:00:01.000Z');
    expect((await call('attribute', { appSlug: slug, claimToken: late, userId: 'late' })).statusCode).toBe(404);
    now = new Date('2026-11-01T10:00:00.000Z');
    expect((await call('attribute', { appSlug: slug, code: 'ZZZZZZZZ', userId: 'x' })).statusCode).toBe(404);
    expect((await call('attribute', { appSlug: slug, claimToken: `amrf_${'x'.repeat(32)}`, userId: 'x' })).statusCode).toBe(404);
    expect((await call('claim-intent', { appSlug: slug, code: 'nope' })).statusCode).toBe(404);
    const mine = slug;
    await freshApp();
    expect((await call('attribute', { appSlug: slug, code, userId: 'x' })).statusCode).toBe(404);
    slug = mine;
  });

  it('refusals are never 2xx: self-referral 409, both or neither of code and token 422, invite and device caps 409', async () => {
    const { code } = await codeOf('alice');
    const self = await call('attribute', { appSlug: slug, code, userId: 'alice' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: expect.any(String), selfReferral: true });
    const token = (await call('claim-intent', { appSlug: slug, code })).json().claimToken;
    expect((await call('attribute', { appSlug: slug, code, claimToken: token, userId: 'x' })).statusCode).toBe(422);
    expect((await call('attribute', { appSlug: slug, userId: 'x' })).statusCode).toBe(422);
    await freshApp(goodReferral({ maxInvitesPerReferrer: 2, maxReferralsPerDevice: 0 }));
    const c2 = (await codeOf('dave')).code;
    for (const u of ['f1', 'f2']) expect((await call('attribute', { appSlug: slug, code: c2, userId: u })).statusCode).toBe(200);
    const over = await call('attribute', { appSlug: slug, code: c2, userId: 'f3' });
    expect(over.statusCode).toBe(409);
    expect(over.json().inviteLimitReached).toBe(true);
    await freshApp(goodReferral({ maxReferralsPerDevice: 2 }));
    const c3 = (await codeOf('erin')).code;
    for (const u of ['g1', 'g2']) expect((await call('attribute', { appSlug: slug, code: c3, userId: u }, '203.0.113.9')).statusCode).toBe(200);
    const farm = await call('attribute', { appSlug: slug, code: c3, userId: 'g3' }, '203.0.113.9');
    expect(farm.statusCode).toBe(409);
    expect(farm.json().deviceLimitReached).toBe(true);
    expect((await call('attribute', { appSlug: slug, code: c3, userId: 'g3' }, '203.0.113.10')).statusCode).toBe(200);
  });

  it('invite and device caps are exact under 100 concurrent attributions (codes and claim tokens), also across two nodes on one database', async () => {
    const node2 = await buildServer({ config: t.config, db: t.db, clock: { now: () => now }, logger: false });
    await node2.ready();
    try {
      const attributeOn = (i: number, body: unknown, addr: string) =>
        (i % 2 ? node2 : t.app).inject({ method: 'POST', url: '/api/public/referral/attribute', headers: { ...json, 'x-forwarded-for': addr }, payload: JSON.stringify(body) });
      const attributed = async (referrer: string) =>
        Number((await t.db.db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')).where('referrer_user_id', '=', referrer).where('status', '=', 'attributed').executeTakeFirstOrThrow()).n);
      const storm = async (referrer: string, flag: 'inviteLimitReached' | 'deviceLimitReached', addr: (i: number) => string) => {
        const { code } = await codeOf(referrer);
        // Half by typed code, half by the landing page's clipboard token (a pending row turned attributed).
        const tokens = await Promise.all(Array.from({ length: 50 }, async () => (await call('claim-intent', { appSlug: slug, code })).json().claimToken as string));
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) => attributeOn(i, { appSlug: slug, ...(i < 50 ? { code } : { claimToken: tokens[i - 50] }), userId: `${referrer}-friend-${i}` }, addr(i))),
        );
        const ok = answers.filter((r) => r.statusCode === 200);
        const refused = answers.filter((r) => r.statusCode === 409);
        expect(ok.length + refused.length, answers.find((r) => r.statusCode !== 200 && r.statusCode !== 409)?.body).toBe(100);
        for (const r of ok) expect(r.json()).toMatchObject({ attributed: true, alreadyAttributed: false });
        for (const r of refused) expect(r.json()).toEqual({ error: expect.any(String), [flag]: true });
        expect(ok).toHaveLength(5);
        expect(await attributed(referrer)).toBe(5);
      };
      await freshApp(goodReferral({ maxInvitesPerReferrer: 5, maxReferralsPerDevice: 0 }));
      await storm('ivy', 'inviteLimitReached', (i) => `198.18.${i >> 8}.${i & 255}`);
      await freshApp(goodReferral({ maxReferralsPerDevice: 5 }));
      await storm('dora', 'deviceLimitReached', () => '203.0.113.77');
      // Another device of the same referrer still attributes.
      const { code } = await codeOf('dora');
      expect((await call('attribute', { appSlug: slug, code, userId: 'dora-elsewhere' }, '203.0.113.78')).statusCode).toBe(200);
    } finally {
      await node2.close();
    }
  }, 60_000);

  it('rewards: each earned reward once, the lifetime cap never exceeded, also under 100 concurrent claims racing attributions', async () => {
    const { code } = await codeOf('alice');
    for (const u of ['a', 'b']) await call('attribute', { appSlug: slug, code, userId: u });
    const first = await call('rewards', { appSlug: slug, userId: 'alice' });
    expect(first.json()).toEqual({
      weeks: 4,
      amountOwed: 4,
      weeksOwed: 4,
      reward: { amount: 2, unit: 'week', unitPlural: 'weeks', weeks: 2, label: '2 free weeks per friend' },
      newReferrals: 2,
      referrerWeeksEach: 2,
      totalRewarded: 2,
      cappedOut: 0,
    });
    expect((await call('rewards', { appSlug: slug, userId: 'alice' })).json()).toMatchObject({ newReferrals: 0, weeks: 0, amountOwed: 0, totalRewarded: 2 });
    // 100 concurrent claims while 10 more friends attribute: exactly one more reward fits the cap of 3.
    const calls = [
      ...Array.from({ length: 100 }, () => call('rewards', { appSlug: slug, userId: 'alice' })),
      ...Array.from({ length: 10 }, (_, i) => call('attribute', { appSlug: slug, code, userId: `late-${i}` })),
    ];
    const answers = await Promise.all(calls);
    const granted = answers.slice(0, 100).reduce((s, r) => s + r.json().newReferrals, 0);
    const after = (await call('rewards', { appSlug: slug, userId: 'alice' })).json();
    expect(granted + after.newReferrals).toBe(1);
    expect(after).toMatchObject({ totalRewarded: 3, cappedOut: 9 });
    const rewardedRows = await t.db.db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')).where('referrer_rewarded', '=', 1).where('code', '=', code).executeTakeFirstOrThrow();
    expect(Number(rewardedRows.n)).toBe(3);
    // Another unit: weeks are 0, amounts carry it.
    await freshApp(goodReferral({ rewards: { referrer: { amount: 100, unit: 'credit' }, refereeEnabled: false }, maxRewardsPerReferrer: 0 }));
    const c = (await codeOf('zed')).code;
    const att = await call('attribute', { appSlug: slug, code: c, userId: 'z1' });
    expect(att.json()).toEqual({ attributed: true, alreadyAttributed: false, refereeReward: null });
    expect((await call('rewards', { appSlug: slug, userId: 'zed' })).json()).toMatchObject({ weeks: 0, weeksOwed: 0, amountOwed: 100, newReferrals: 1, referrerWeeksEach: 0, reward: { unit: 'credit', unitPlural: 'credits', weeks: 0 } });
  });

  it('owner: the graph, a per-referrer summary with the device signal, CSV, status filters, MCP', async () => {
    const { code } = await codeOf('alice');
    await call('attribute', { appSlug: slug, code, userId: 'f1' }, '203.0.113.5');
    await call('attribute', { appSlug: slug, code, userId: 'f2' }, '203.0.113.5');
    await call('claim-intent', { appSlug: slug, code });
    const expiring = await call('claim-intent', { appSlug: slug, code });
    expect(expiring.statusCode).toBe(201);
    await call('rewards', { appSlug: slug, userId: 'alice' });
    const owner = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}${url}`, headers: t.auth });
    const all = (await owner('/referrals')).json().referrals;
    expect(all).toHaveLength(4);
    expect(all.find((r: { refereeUserId: string }) => r.refereeUserId === 'f1')).toMatchObject({ code, referrerUserId: 'alice', status: 'attributed', source: 'code', referrerRewarded: true, refereeRewarded: true });
    now = new Date('2026-11-09T10:00:00.000Z');
    expect((await owner('/referrals?status=expired')).json().referrals).toHaveLength(2);
    expect((await owner('/referrals?status=pending')).json().referrals).toHaveLength(0);
    now = new Date('2026-11-01T10:00:00.000Z');
    expect((await owner('/referrals?status=attributed&limit=1')).json().nextCursor).toEqual(expect.any(String));
    const summary = (await owner('/referrals/referrers')).json().referrers;
    expect(summary).toEqual([{ userId: 'alice', code, invites: 4, attributed: 2, rewarded: 2, capped: 0, distinctDevices: expect.any(Number), codeCreatedAt: expect.any(String) }]);
    const csv = await owner('/referrals.csv');
    expect(csv.body.split('\n')[0]).toBe('id,code,referrerUserId,status,source,refereeUserId,refereeAnonymousId,attributedAt,referrerRewarded,refereeRewarded,country,createdAt');
    expect((parse(csv.body, { columns: true }) as unknown[]).length).toBe(4);
    const client = await connectMcp(t);
    try {
      expect(toolJson(await client.callTool({ name: 'list_referrals', arguments: { appIdOrSlug: slug, status: 'attributed' } })).referrals).toHaveLength(2);
    } finally {
      await client.close();
    }
    expect((await owner('/referrals?status=gone')).statusCode).toBe(400);
  });
});
