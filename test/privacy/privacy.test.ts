import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCapabilities } from '../../src/server.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { expectCountersConsistent, publishAll, pub, seedPerson, type Person } from './privacy.fixtures.js';

const ann: Person = { email: 'Ann@Example.com', userId: 'user-ann', anonymousId: 'anon-ann-0000000001' };
const bob: Person = { email: 'bob@example.com', userId: 'user-bob', anonymousId: 'anon-bob-0000000002' };

/** Every kind the export and erase speak of (docs/privacy.md). */
const KINDS = [
  'waitlist_signups', 'feedback_submissions', 'report_submissions', 'contact_submissions', 'contact_replies', 'crash_reports',
  'wishlist_ideas', 'wishlist_votes', 'wishlist_comments', 'referral_codes', 'referrals',
  'onboarding_submissions', 'onboarding_sessions', 'onboarding_steps', 'cancel_sessions', 'cancel_steps', 'promotion_events',
  'outbox_events', 'webhook_deliveries',
];

describeEachDb('end-user data rights', (dialect) => {
  let t: TestApp;
  const now = new Date('2026-11-01T10:00:00.000Z');
  const json = { 'content-type': 'application/json' };
  const owner = (slug: string, action: 'export' | 'erase', body: unknown, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/data-subjects/${action}`, headers: { ...headers, ...json }, payload: JSON.stringify(body) });
  const count = async (table: 'waitlist_signups' | 'form_submissions' | 'wishlist_votes' | 'wishlist_comments' | 'flow_sessions' | 'referrals' | 'crash_reports' | 'promotion_events') =>
    Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  /** Seeds Ann and Bob in `slug` (each votes on and comments the other's idea; Bob refers Ann). */
  async function seedPair(slug: string) {
    const b = await seedPerson(t, slug, bob);
    const a = await seedPerson(t, slug, ann, b.ideaId);
    await pub(t, '/api/public/wishlist/vote', { appSlug: slug, ideaId: a.ideaId, userId: bob.userId });
    await pub(t, '/api/public/wishlist/comments', { appSlug: slug, ideaId: a.ideaId, body: 'Nice', userId: bob.userId });
    // A comment of Ann's that the owner deleted (soft: hidden, kept, no longer counted).
    const extra = await pub(t, '/api/public/wishlist/comments', { appSlug: slug, ideaId: b.ideaId, body: 'Spam', userId: ann.userId });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/apps/${slug}/wishlist/comments/${extra.comment.id}`, headers: { authorization: t.auth.authorization } });
    expect(del.statusCode, del.body).toBe(200);
    // Ann was invited by Bob (referee), and invites a friend (referrer).
    await pub(t, '/api/public/referral/attribute', { appSlug: slug, code: b.code, userId: ann.userId });
    await pub(t, '/api/public/referral/attribute', { appSlug: slug, code: a.code, anonymousId: 'friend-of-ann' });
    // App promotion is being built alongside (src/flows/promotion): its events are written as its writer stores them.
    const app = await t.db.db.selectFrom('apps').select(['id', 'account_id']).where('slug', '=', slug).executeTakeFirstOrThrow();
    const flow = await t.db.db.selectFrom('flows').select('id').where('app_id', '=', app.id).where('type', '=', 'cancel').executeTakeFirstOrThrow();
    for (const [who, i] of [[ann, 1], [bob, 2], [ann, 3]] as const) {
      await t.db.db
        .insertInto('promotion_events')
        .values({
          id: `pe-${slug}-${i}`, account_id: app.account_id, app_id: app.id, flow_id: flow.id, placement: 'home', destination_app_id: app.id, token_id: `tok-${slug}-${i}`,
          event: 'impression', user_key: `u:${who.userId}`, user_id: i === 3 ? null : who.userId, anonymous_id: i === 3 ? who.anonymousId : null, counted: 1,
          deferred_route: null, tracking_token: null, pending_until: null, claimed_at: null, ip_hash: null, created_at: now.toISOString(),
        })
        .execute();
    }
    return { a, b };
  }

  let ideas: { a: { ideaId: string }; b: { ideaId: string } };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' }, clock: { now: () => now } });
    for (const slug of ['sleepy', 'twin']) {
      await t.createApp({ name: slug, slug, deepLinkScheme: 'sleepy' });
      await publishAll(t, slug);
    }
    ideas = await seedPair('sleepy');
    // The same people in another app of the same account: never touched by sleepy's requests.
    await seedPair('twin');
    await expectCountersConsistent(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('export finds exactly the person’s rows in every flow of the app', async () => {
    const r = await owner('sleepy', 'export', { email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId });
    expect(r.statusCode, r.body).toBe(200);
    const { subject, data } = r.json();
    expect(subject).toEqual({ email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId });
    expect(Object.keys(data).sort()).toEqual([...KINDS].sort());
    const sizes = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, (v as unknown[]).length]));
    expect(sizes).toEqual({
      waitlist_signups: 1,
      feedback_submissions: 1,
      report_submissions: 1,
      contact_submissions: 1,
      contact_replies: 1,
      crash_reports: 2, // two reports of one crash: one group, two rows
      wishlist_ideas: 1,
      wishlist_votes: 2,
      wishlist_comments: 3, // the one the owner hid included
      referral_codes: 1,
      referrals: 2,
      onboarding_submissions: 1,
      onboarding_sessions: 1,
      onboarding_steps: data.onboarding_steps.length,
      cancel_sessions: 1,
      cancel_steps: data.cancel_steps.length,
      promotion_events: 2,
      // Nobody listens to these apps' events (test/webhooks/webhooks.subject.test.ts covers them).
      outbox_events: 0,
      webhook_deliveries: 0,
    });
    expect(data.cancel_steps.length).toBeGreaterThan(0);
    expect(data.onboarding_steps.length).toBeGreaterThan(0);
    const appId = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy', headers: t.auth })).json().app.id;
    for (const rows of Object.values(data) as Record<string, unknown>[][]) for (const row of rows) if ('app_id' in row) expect(row.app_id).toBe(appId);
    // Nothing of Bob's (he voted and commented on Ann's idea; those stay his).
    expect(JSON.stringify(data)).not.toContain(bob.email);
    expect(data.wishlist_ideas[0]).toMatchObject({ id: ideas.a.ideaId, title: 'Idea of user-ann' });
    expect(data.wishlist_votes.map((v: { idea_id: string }) => v.idea_id).sort()).toEqual([ideas.a.ideaId, ideas.b.ideaId].sort());
    expect(data.referrals.map((x: { referrer_user_id: string }) => x.referrer_user_id).sort()).toEqual([ann.userId, bob.userId].sort());
    // Capabilities are not exported.
    expect(data.cancel_sessions[0]).not.toHaveProperty('token');
    expect(data.onboarding_submissions[0]).not.toHaveProperty('claim_hash');
    expect(data.onboarding_submissions[0]).toMatchObject({ claimed_user_id: ann.userId, email: ann.email });
  });

  it('each identity alone finds what was stored under it', async () => {
    const sizes = async (body: unknown) =>
      Object.fromEntries(Object.entries((await owner('sleepy', 'export', body)).json().data).filter(([, v]) => (v as unknown[]).length > 0).map(([k, v]) => [k, (v as unknown[]).length]));
    const byEmail = await sizes({ email: '  ann@EXAMPLE.com ' });
    expect(byEmail).toMatchObject({ waitlist_signups: 1, feedback_submissions: 1, report_submissions: 1, contact_submissions: 1, contact_replies: 1, crash_reports: 2, wishlist_ideas: 1, onboarding_submissions: 1 });
    expect(byEmail).not.toHaveProperty('wishlist_votes'); // anonymous-mode votes are keyed by userId
    expect(byEmail).not.toHaveProperty('cancel_sessions');
    const byUser = await sizes({ userId: ann.userId });
    expect(byUser).toMatchObject({ wishlist_ideas: 1, wishlist_votes: 2, wishlist_comments: 3, referral_codes: 1, referrals: 2, onboarding_submissions: 1, cancel_sessions: 1, promotion_events: 1 });
    expect(byUser).not.toHaveProperty('waitlist_signups');
    expect(byUser).not.toHaveProperty('onboarding_sessions'); // started with the anonymous id only
    const byAnon = await sizes({ anonymousId: ann.anonymousId });
    expect(byAnon).toEqual({ cancel_sessions: 1, cancel_steps: expect.any(Number), onboarding_sessions: 1, onboarding_steps: expect.any(Number), onboarding_submissions: 1, promotion_events: 1 });
    expect(await sizes({ email: 'nobody@example.com' })).toEqual({});
  });

  it('422 without any identity, 404 for another account’s app, 401 without a token; nothing changes', async () => {
    for (const body of [{}, { email: '' }, { email: '   ' }, { userId: 42 }]) {
      const r = await owner('sleepy', 'erase', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().error).toBeTruthy();
      expect(r.json().issues.length).toBeGreaterThan(0);
    }
    expect((await owner('sleepy', 'erase', { userId: 'x'.repeat(201) })).json().issues[0].path).toBe('/userId');
    const other = await t.otherAccount();
    for (const action of ['export', 'erase'] as const) {
      const r = await owner('sleepy', action, { email: ann.email }, other.auth);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/data-subjects/erase', headers: json, payload: JSON.stringify({ email: ann.email }) })).statusCode).toBe(401);
    expect((await owner('sleepy', 'export', { email: ann.email })).json().data.waitlist_signups).toHaveLength(1);
  });

  it('erase removes the person’s rows with exact counts, keeps everyone else’s and every counter right', async () => {
    const before = {
      signups: await count('waitlist_signups'),
      forms: await count('form_submissions'),
      votes: await count('wishlist_votes'),
      comments: await count('wishlist_comments'),
      sessions: await count('flow_sessions'),
      referrals: await count('referrals'),
      crashes: await count('crash_reports'),
      promo: await count('promotion_events'),
    };
    const exported = (await owner('sleepy', 'export', { email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId })).json().data;
    const r = await owner('sleepy', 'erase', { email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId });
    expect(r.statusCode, r.body).toBe(200);
    const { ok, removed } = r.json();
    expect(ok).toBe(true);
    // Every exported row is counted as removed, kind by kind.
    for (const k of KINDS.filter((x) => x !== 'referrals')) expect([k, removed[k]]).toEqual([k, exported[k].length]);
    // Her own referral (she referred a friend) is deleted; Bob's (he referred her) stays in his ledger without her.
    expect([removed.referrals, removed.referrals_anonymized]).toEqual([1, 1]);
    expect(removed.crash_occurrences).toBe(2);
    // Bob's vote and comment on Ann's idea went with it.
    expect(removed.wishlist_votes_on_erased_ideas).toBe(1);
    expect(removed.wishlist_comments_on_erased_ideas).toBe(1);

    expect(await count('waitlist_signups')).toBe(before.signups - 1);
    expect(await count('form_submissions')).toBe(before.forms - 3);
    expect(await count('wishlist_votes')).toBe(before.votes - 3);
    expect(await count('wishlist_comments')).toBe(before.comments - 4);
    expect(await count('flow_sessions')).toBe(before.sessions - 2);
    expect(await count('referrals')).toBe(before.referrals - 1);
    expect(await count('crash_reports')).toBe(before.crashes - 2);
    expect(await count('promotion_events')).toBe(before.promo - 2);
    await expectCountersConsistent(t);

    // Bob's idea lost Ann's vote and comment; its counters say so.
    const board = (await t.app.inject({ method: 'GET', url: '/api/public/wishlist/list', query: { appSlug: 'sleepy', sort: 'votes' } })).json();
    expect(board.ideas.map((i: { id: string; voteCount: number }) => [i.id, i.voteCount])).toEqual([[ideas.b.ideaId, 1]]);

    // Nothing of Ann is left in sleepy; Bob is whole; twin still has Ann.
    const again = (await owner('sleepy', 'export', { email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId })).json().data;
    for (const k of KINDS) expect([k, again[k].length]).toEqual([k, 0]);
    const bobData = (await owner('sleepy', 'export', { email: bob.email, userId: bob.userId, anonymousId: bob.anonymousId })).json().data;
    expect(bobData.waitlist_signups).toHaveLength(1);
    expect(bobData.wishlist_ideas).toHaveLength(1);
    expect(bobData.wishlist_votes).toHaveLength(1); // his own idea; the one on Ann's idea went with it
    expect(bobData.referral_codes).toHaveLength(1);
    expect(bobData.referrals).toHaveLength(1); // Ann's attribution stays in his ledger (his reward cap counts it) …
    expect(bobData.referrals[0]).toMatchObject({ referrer_user_id: bob.userId, status: 'attributed', referee_user_id: null, referee_anonymous_id: null, ip_hash: null, country: null });
    expect(JSON.stringify(bobData.referrals)).not.toContain(ann.userId); // … without anything of hers
    const referrers = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/referrals/referrers', headers: t.auth });
    expect(referrers.statusCode).toBe(200);
    expect(referrers.body).toContain(bob.userId);
    expect(referrers.body).not.toContain(ann.userId);
    expect(bobData.crash_reports).toHaveLength(2);
    // The crash group shared with Bob keeps his two occurrences.
    const group = await t.db.db.selectFrom('crash_groups').innerJoin('apps', 'apps.id', 'crash_groups.app_id').select(['reports', 'occurrences']).where('apps.slug', '=', 'sleepy').executeTakeFirstOrThrow();
    expect([Number(group.reports), Number(group.occurrences)]).toEqual([2, 2]);
    const twin = (await owner('twin', 'export', { email: ann.email, userId: ann.userId, anonymousId: ann.anonymousId })).json().data;
    expect(twin.waitlist_signups).toHaveLength(1);
    expect(twin.wishlist_votes).toHaveLength(2);
    expect(twin.promotion_events).toHaveLength(2);

    // Idempotent: a second erase removes nothing.
    const second = (await owner('sleepy', 'erase', { userId: ann.userId, email: ann.email, anonymousId: ann.anonymousId })).json();
    expect(Object.values(second.removed).every((n) => n === 0)).toBe(true);
    // The waitlist count the page shows is right at once on this node.
    const page = (await t.app.inject({ method: 'GET', url: '/api/public/waitlist?appSlug=sleepy' })).json();
    if ('count' in page) expect(page.count).toBe(1);
  });

  it('an erase that fails half-way changes nothing (one transaction for the app)', async () => {
    const before = (await owner('twin', 'export', { userId: bob.userId, email: bob.email })).json().data;
    // Every real capability on the same database, then one that fails after they all wrote.
    const failing = { export: async () => ({}), erase: async () => Promise.reject(new Error('disk on fire')) };
    const built = buildCapabilities(t.config, t.db, { now: () => now });
    (built.kernel.capabilities as { subjectData?: unknown; services: object }[]).push({ services: {}, subjectData: failing });
    const r = built.services.privacy.eraseSubject(await accountOf(), 'twin', { userId: bob.userId, email: bob.email });
    await expect(r).rejects.toThrow('disk on fire');
    for (const c of built.capabilities) await c.close?.();
    const after = (await owner('twin', 'export', { userId: bob.userId, email: bob.email })).json().data;
    expect(after).toEqual(before);
    expect(after.waitlist_signups).toHaveLength(1);
  });

  it('counters stay right when votes and comments race an erase', async () => {
    const twin = (await owner('twin', 'export', { userId: ann.userId })).json().data;
    const targets: string[] = [...new Set<string>(twin.wishlist_votes.map((v: { idea_id: string }) => v.idea_id))];
    const traffic = Array.from({ length: 40 }, (_, i) => {
      const ideaId = targets[i % targets.length];
      const body = { appSlug: 'twin', ideaId, userId: i % 5 === 0 ? ann.userId : `racer-${i}` };
      const url = i % 3 === 0 ? '/api/public/wishlist/comments' : '/api/public/wishlist/vote';
      return pub(t, url, i % 3 === 0 ? { ...body, body: 'race' } : body, [200, 201, 404]);
    });
    const [erase] = await Promise.all([owner('twin', 'erase', { userId: ann.userId, email: ann.email, anonymousId: ann.anonymousId }), ...traffic]);
    expect(erase.statusCode, erase.body).toBe(200);
    await expectCountersConsistent(t);
  });

  async function accountOf() {
    return (await t.db.db.selectFrom('apps').select('account_id').where('slug', '=', 'twin').executeTakeFirstOrThrow()).account_id;
  }
});

describe('identity by email on an email-mode board', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Mail board', slug: 'mailboard' });
    const { putAndPublish } = await import('../flows/forms/forms.fixtures.js');
    const { goodWishlist } = await import('../flows/wishlist/wishlist.fixtures.js');
    await putAndPublish(t, 'mailboard', 'wishlist', goodWishlist({ identity: { mode: 'email' }, moderation: { autoApprove: true } }));
  });
  afterAll(() => t?.close());

  it('votes and comments keyed by the email’s hash are found and erased by the email', async () => {
    const appSlug = 'mailboard';
    const idea = (await pub(t, '/api/public/wishlist/submit', { appSlug, source: 'sdk', title: 'Dark mode', email: 'x@example.com' })).idea;
    await pub(t, '/api/public/wishlist/vote', { appSlug, ideaId: idea.id, email: 'Voter@Example.com' });
    await pub(t, '/api/public/wishlist/vote', { appSlug, ideaId: idea.id, email: 'other@example.com' });
    await pub(t, '/api/public/wishlist/comments', { appSlug, ideaId: idea.id, body: 'Yes', email: 'voter@example.com' });
    const body = JSON.stringify({ email: 'voter@example.com' });
    const headers = { ...t.auth, 'content-type': 'application/json' };
    const exported = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/mailboard/data-subjects/export', headers, payload: body })).json().data;
    expect([exported.wishlist_votes.length, exported.wishlist_comments.length, exported.wishlist_ideas.length]).toEqual([1, 1, 0]);
    const erased = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/mailboard/data-subjects/erase', headers, payload: body })).json();
    expect(erased.removed).toMatchObject({ wishlist_votes: 1, wishlist_comments: 1, wishlist_ideas: 0 });
    const row = await t.db.db.selectFrom('wishlist_ideas').selectAll().where('id', '=', idea.id).executeTakeFirstOrThrow();
    expect([row.vote_count, row.comment_count]).toEqual([1, 0]);
  });
});
