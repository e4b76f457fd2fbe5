import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodCrash, STACK } from '../flows/crash/crash.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** One end user as the SDKs and pages name them. */
export interface Person {
  email: string;
  userId: string;
  anonymousId: string;
}

/** Publishes every flow type an end user can leave data in. */
export async function publishAll(t: TestApp, slug: string) {
  for (const [type, config] of [
    ['waitlist', goodWaitlist()],
    ['feedback', goodFeedback()],
    ['report', goodReport()],
    ['contact', goodContact()],
    ['crash', goodCrash()],
    ['wishlist', goodWishlist({ moderation: { autoApprove: true } })],
    ['referral', goodReferral()],
    ['onboarding', goodOnboarding()],
    ['cancel', goodCancel()],
  ] as const) {
    await putAndPublish(t, slug, type, config);
  }
}

/** A public call, checked: answers the JSON body. */
export async function pub(t: TestApp, url: string, body: Record<string, unknown>, ok = [200, 201]) {
  const r = await t.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body) });
  expect(ok, `${url}: ${r.statusCode} ${r.body}`).toContain(r.statusCode);
  return r.json();
}

/** Opens a hosted session page (records its `opened` step), as a browser following flowUrl would. */
async function open(t: TestApp, flowUrl: string) {
  const u = new URL(flowUrl);
  const r = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
}

/**
 * Everything one person leaves across every flow of an app, through the public API (and the
 * owner's contact reply). `peer` is another user of the same app whose ideas this person votes
 * on and comments, and who votes on and comments this person's idea.
 */
export async function seedPerson(t: TestApp, slug: string, p: Person, peerIdeaId?: string) {
  const appSlug = slug;
  await pub(t, '/api/public/waitlist', { appSlug, email: p.email, source: 'sdk' });
  await pub(t, '/api/public/feedback', { appSlug, message: `feedback from ${p.userId}`, rating: 4, email: p.email.toUpperCase(), source: 'sdk' });
  await pub(t, '/api/public/report', { appSlug, category: 'bug', message: `report from ${p.userId}`, email: p.email, source: 'sdk' });
  const contact = await pub(t, '/api/public/contact', { appSlug, name: 'Someone', email: p.email, message: `hello from ${p.userId}`, source: 'sdk' });
  const contactId = contact.id ?? contact.submissionId;
  if (contactId) {
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/contact/submissions/${contactId}/reply`, headers: { ...t.auth, ...json }, payload: JSON.stringify({ subject: 'Re', body: 'Thanks' }) });
    expect(r.statusCode, r.body).toBeLessThan(300);
  }
  const crash = { appSlug, message: 'It crashed', email: p.email, source: 'sdk', exceptionName: 'NSRangeException', exceptionReason: 'index 7 beyond bounds', stackTrace: STACK, platform: 'ios' };
  await pub(t, '/api/public/crash', crash);
  await pub(t, '/api/public/crash', crash);

  const idea = (await pub(t, '/api/public/wishlist/submit', { appSlug, source: 'sdk', title: `Idea of ${p.userId}`, email: p.email, userId: p.userId })).idea;
  await pub(t, '/api/public/wishlist/vote', { appSlug, ideaId: idea.id, userId: p.userId });
  await pub(t, '/api/public/wishlist/comments', { appSlug, ideaId: idea.id, body: 'My own idea', userId: p.userId });
  if (peerIdeaId) {
    await pub(t, '/api/public/wishlist/vote', { appSlug, ideaId: peerIdeaId, userId: p.userId });
    await pub(t, '/api/public/wishlist/comments', { appSlug, ideaId: peerIdeaId, body: 'Me too', userId: p.userId });
  }

  const code = (await pub(t, '/api/public/referral/code', { appSlug, userId: p.userId })).code as string;

  const cancel = await pub(t, '/api/public/sessions', { appSlug, platform: 'ios', userId: p.userId, anonymousId: p.anonymousId });
  await open(t, cancel.flowUrl);
  const ob = await pub(t, '/api/public/onboarding/sessions', { appSlug, platform: 'ios', anonymousId: p.anonymousId });
  await open(t, ob.flowUrl);
  const done = await pub(t, '/api/public/onboarding/complete', { appSlug, sessionId: ob.sessionId, token: ob.token, answers: { goal: 'fall_asleep', habits: ['naps'] }, email: p.email });
  await pub(t, '/api/public/onboarding/claim', { appSlug, claimToken: done.claimToken, userId: p.userId });
  return { ideaId: idea.id as string, code };
}

/** Counters equal their rows: idea votes and comments, crash group reports and occurrences. */
export async function expectCountersConsistent(t: TestApp) {
  const db = t.db.db;
  for (const idea of await db.selectFrom('wishlist_ideas').selectAll().execute()) {
    const votes = await db.selectFrom('wishlist_votes').select((eb) => eb.fn.countAll<number>().as('n')).where('idea_id', '=', idea.id).executeTakeFirstOrThrow();
    const comments = await db.selectFrom('wishlist_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('idea_id', '=', idea.id).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    expect([idea.title, Number(idea.vote_count), Number(idea.comment_count)]).toEqual([idea.title, Number(votes.n), Number(comments.n)]);
  }
  for (const g of await db.selectFrom('crash_groups').selectAll().execute()) {
    const r = await db
      .selectFrom('crash_reports')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('occurrences').as('occ')])
      .where('group_id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect([Number(g.reports), Number(g.occurrences)]).toEqual([Number(r.n), Number(r.occ ?? 0)]);
  }
}
