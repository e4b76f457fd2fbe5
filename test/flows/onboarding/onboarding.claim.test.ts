import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodOnboarding } from './onboarding.fixtures.js';

describeEachDb('onboarding completion and claim', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-11-01T10:00:00.000Z');
  const json = { 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body) });
  const complete = (body: Record<string, unknown>) => post('/api/public/onboarding/complete', { appSlug: 'sleepy', ...body });
  const claim = (body: Record<string, unknown>) => post('/api/public/onboarding/claim', { appSlug: 'sleepy', ...body });
  const rows = async () => Number((await t.db.db.selectFrom('onboarding_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const answers = { goal: 'fall_asleep', habits: ['screens', 'naps'] };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', COUNTRY_HEADER: 'cf-ipcountry' }, clock: { now: () => now } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await t.createApp({ name: 'Other', slug: 'other-app' });
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
    await putAndPublish(t, 'other-app', 'onboarding', goodOnboarding());
  });
  afterAll(() => t.close());

  it('completion stores the answers and email and mints a one-time amob_ token valid 7 days', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/complete', headers: { ...json, 'cf-ipcountry': 'NL' }, payload: JSON.stringify({ appSlug: 'sleepy', answers, email: 'a@example.com' }) });
    expect(r.statusCode, r.body).toBe(201);
    const body = r.json();
    expect(body.claimToken).toMatch(/^amob_[A-Za-z0-9]{32}$/);
    expect(body.expiresAt).toBe('2026-11-08T10:00:00.000Z');
    const row = await t.db.db.selectFrom('onboarding_submissions').selectAll().where('id', '=', body.submissionId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers_json)).toEqual(answers);
    expect(row).toMatchObject({ email: 'a@example.com', country: 'NL', source: 'web', version_number: 1, claimed_at: null });
    // Only a hash of the token is kept.
    expect(JSON.stringify(row)).not.toContain(body.claimToken.slice(5));
  });

  it('refuses answers that do not fit the funnel with 422 and paths, storing nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ answers: { ...answers, nope: 'x' } }, '/answers/nope'],
      [{ answers: { ...answers, goal: 'sleep_more' } }, '/answers/goal'],
      [{ answers: { ...answers, goal: ['fall_asleep', 'wake_rested'] } }, '/answers/goal'],
      [{ answers: { habits: ['naps'] } }, '/answers/goal'],
      [{ answers: { ...answers, science: 'x' } }, '/answers/science'],
      [{ answers, email: 'not an email' }, '/email'],
      [{ answers: { ...answers, email: 'nope@' } }, '/answers/email'],
      [{ answers: 'goal=fall_asleep' }, '/answers'],
      [{ answers, sessionId: 'abc' }, '/token'],
    ];
    for (const [body, path] of cases) {
      const r = await complete(body);
      expect(r.statusCode, `${path} ${r.body}`).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), path).toContain(path);
    }
    // A required email step without an email.
    await putAndPublish(t, 'other-app', 'onboarding', { ...goodOnboarding(), steps: goodOnboarding().steps.map((s) => (s.kind === 'email_capture' ? { ...s, required: true } : s)) });
    const noEmail = await post('/api/public/onboarding/complete', { appSlug: 'other-app', answers });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().issues[0].path).toBe('/email');
    expect(await rows()).toBe(before);
    expect((await complete({ answers: {}, appSlug: 'nobody' })).statusCode).toBe(404);
  });

  it('the email step may carry the email; the honeypot stores nothing', async () => {
    const r = await complete({ answers: { ...answers, email: 'b@example.com' } });
    expect(r.statusCode).toBe(201);
    const row = await t.db.db.selectFrom('onboarding_submissions').select(['email', 'answers_json']).where('id', '=', r.json().submissionId).executeTakeFirstOrThrow();
    expect(row.email).toBe('b@example.com');
    expect(JSON.parse(row.answers_json)).toEqual(answers);
    const before = await rows();
    const bot = await complete({ answers, website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(await rows()).toBe(before);
    expect((await claim({ claimToken: bot.json().claimToken })).statusCode).toBe(404);
  });

  it('claim: the first wins and stamps claimedAt; a re-claim returns the answers with alreadyClaimed', async () => {
    const token = (await complete({ answers, email: 'c@example.com' })).json().claimToken;
    now = new Date('2026-11-02T09:00:00.000Z');
    // Exactly the SDK's ClaimRequest: optionals left out, the token as read from the clipboard (trimmed by the server too).
    const first = await claim({ claimToken: ` ${token}\n`, userId: 'user-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ answers, email: 'c@example.com', completedAt: '2026-11-01T10:00:00.000Z', claimedAt: '2026-11-02T09:00:00.000Z', alreadyClaimed: false });
    now = new Date('2026-11-03T09:00:00.000Z');
    const again = await claim({ claimToken: token });
    expect(again.json()).toEqual({ ...first.json(), alreadyClaimed: true });
    const row = await t.db.db.selectFrom('onboarding_submissions').selectAll().where('claimed_at', 'is not', null).executeTakeFirstOrThrow();
    expect(row.claimed_user_id).toBe('user-1');
    now = new Date('2026-11-01T10:00:00.000Z');
  });

  it('unknown, malformed, expired and other apps’ tokens answer 404', async () => {
    const token = (await complete({ answers })).json().claimToken;
    expect((await claim({ claimToken: `amob_${'x'.repeat(32)}` })).statusCode).toBe(404);
    expect((await claim({ claimToken: 'amob_short' })).statusCode).toBe(404);
    expect((await claim({ claimToken: token.replace('amob_', 'amrf_') })).statusCode).toBe(404);
    expect((await post('/api/public/onboarding/claim', { appSlug: 'other-app', claimToken: token })).statusCode).toBe(404);
    expect((await post('/api/public/onboarding/claim', { appSlug: 'nobody', claimToken: token })).statusCode).toBe(404);
    now = new Date('2026-11-08T10:00:00.001Z'); // 7 days and a millisecond later
    expect((await claim({ claimToken: token })).statusCode).toBe(404);
    now = new Date('2026-11-01T10:00:00.000Z');
    const r = await claim({ claimToken: token });
    expect(r.statusCode).toBe(200);
    expect(r.json().error).toBeUndefined();
  });

  it('exactly one first claim under 50 concurrent claims of one token', async () => {
    const token = (await complete({ answers })).json().claimToken;
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => claim({ claimToken: token, anonymousId: `anon-${i}` })));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(all.filter((r) => r.json().alreadyClaimed === false)).toHaveLength(1);
    expect(new Set(all.map((r) => r.json().claimedAt)).size).toBe(1);
  });

  it('owner: lists and CSV (answers as JSON, claim status), over REST and MCP; other accounts see nothing', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/onboarding/submissions?limit=2', headers: t.auth });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.submissions).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(Object.keys(page.submissions[0]).sort()).toEqual(['answers', 'claimed', 'claimedAt', 'country', 'createdAt', 'email', 'id', 'source', 'versionNumber']);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/onboarding/submissions.csv', headers: t.auth });
    expect(csv.body.split('\n')[0]).toBe('id,email,answers,source,claimed,claimedAt,country,createdAt');
    const parsed = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(parsed.some((r) => r.claimed === 'true')).toBe(true);
    expect(JSON.parse(parsed[0].answers)).toEqual(expect.any(Object));
    const client = await connectMcp(t);
    try {
      const r = toolJson(await client.callTool({ name: 'list_onboarding_submissions', arguments: { appIdOrSlug: 'sleepy', limit: 1 } }));
      expect(r.submissions).toHaveLength(1);
    } finally {
      await client.close();
    }
    const other = await t.otherAccount();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/onboarding/submissions', headers: other.auth })).statusCode).toBe(404);
  });
});
