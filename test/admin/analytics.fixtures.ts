import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { everyAction, startSession, type Session } from '../flows/cancel/cancel.pages.fixtures.js';
import { json, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { startFunnel } from '../flows/onboarding/onboarding.pages.fixtures.js';
import { ownerWithApps, post } from '../flows/promotion/promotion.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';

export const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A page's text: tags dropped, whitespace collapsed (numbers next to their labels). */
export const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Public calls, as the SDKs and the hosted pages make them. */
export function publicClient(t: TestApp) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
  const pressCancel = (s: Session, b: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: s.action, headers: FORM, payload: new URLSearchParams({ t: s.token, b, ...extra }).toString() });
  const referral = (path: string, body: unknown, ip = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: `/api/public/referral/${path}`, headers: { ...json, 'x-forwarded-for': ip }, payload: JSON.stringify(body) });
  const promotionEvent = (trackingToken: string, event: string) => post((o) => t.app.inject(o), 'event', { trackingToken, event });
  return {
    get,
    pressCancel,
    referral,
    promotionEvent,

    /** A cancel session through the hosted page: opened, a reason (its response shown), then a button that leaves. */
    async cancelWalk(slug: string, reason: string | null, button: string) {
      const s = await startSession(t, slug);
      expect((await get(s.path)).statusCode).toBe(200);
      if (reason) {
        const r = await pressCancel(s, 'reasons:continue', { reason });
        expect(r.statusCode, r.body).toBe(303);
        expect((await get(String(r.headers.location))).statusCode).toBe(200);
      }
      const out = await pressCancel(s, button);
      expect(out.statusCode, out.body).toBe(200);
      return s;
    },

    /** An onboarding funnel through the hosted page without JavaScript: opened, then `picks` screens advanced by their buttons. */
    async onboardingWalk(slug: string, presses: string[]) {
      const f = await startFunnel(t, slug);
      let page = await get(f.path);
      expect(page.statusCode).toBe(200);
      for (const b of presses) {
        const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1];
        const body = new URLSearchParams();
        for (const name of ['t', 'p', 'a', 'at']) {
          const v = field(name);
          if (v !== undefined) body.append(name, v.replaceAll('&amp;', '&'));
        }
        body.append('b', b);
        const action = /<form method="post" action="([^"]*)"/.exec(page.body)![1];
        const r = await t.app.inject({ method: 'POST', url: action, headers: FORM, payload: body.toString() });
        expect(r.statusCode, r.body).toBe(303);
        page = await get(String(r.headers.location));
        expect(page.statusCode).toBe(200);
      }
      return f;
    },
  };
}

/**
 * One app ("Sleepy", slug `${prefix}sleepy`) with a published cancel flow, onboarding, referral
 * and app promotion, and traffic on each through the public API. The numbers the pages must
 * show are in `expected`.
 */
export async function seedAnalytics(t: TestApp, prefix = '') {
  const apps = await ownerWithApps(t, prefix);
  const slug = apps.source.slug;
  const c = publicClient(t);
  await putAndPublish(t, slug, 'cancel', everyAction());
  await putAndPublish(t, slug, 'onboarding', goodOnboarding());
  await putAndPublish(t, slug, 'referral', goodReferral());
  await putAndPublish(t, slug, 'app-promotion', {
    type: 'app_promotion',
    placement: 'after_onboarding',
    destinations: [{ destinationAppId: apps.dest.focus.id }],
    frequency: { maxImpressionsPerWindow: 0 },
  });

  // Cancel: 5 sessions; saved by an offer, by premium and by returning to the app; one cancels, one asks support.
  await c.cancelWalk(slug, 'too_expensive', 'response:too_expensive:primary');
  await c.cancelWalk(slug, 'too_expensive', 'response:too_expensive:secondary');
  await c.cancelWalk(slug, 'missing_feature', 'response:missing_feature:primary');
  await c.cancelWalk(slug, 'bugs', 'response:bugs:primary');
  const back = await c.cancelWalk(slug, null, 'intro:secondary');
  // A resent form (a reload of the POST) records nothing twice.
  expect((await c.pressCancel(back, 'intro:secondary')).statusCode).toBe(200);

  // Onboarding: 3 funnels; one stops at the intro, one after step 2 is shown, one completes after step 1.
  await c.onboardingWalk(slug, []);
  await c.onboardingWalk(slug, ['start', 'pick:fall_asleep']);
  const done = await c.onboardingWalk(slug, ['start']);
  const complete = await t.app.inject({
    method: 'POST',
    url: '/api/public/onboarding/complete',
    headers: json,
    payload: JSON.stringify({ appSlug: slug, sessionId: done.sessionId, token: done.token, answers: { goal: 'wake_rested' } }),
  });
  expect(complete.statusCode, complete.body).toBe(201);

  // Referral: alice brings friend-1, friend-2, bob (by code) and one anonymous friend (by link); bob brings friend-3; carol nobody.
  const code = async (userId: string) => (await c.referral('code', { appSlug: slug, userId })).json().code as string;
  const alice = await code('alice');
  const bob = await code('bob');
  await code('carol');
  for (const userId of ['friend-1', 'friend-2', 'bob']) expect((await c.referral('attribute', { appSlug: slug, code: alice, userId })).json()).toMatchObject({ attributed: true });
  expect((await c.referral('attribute', { appSlug: slug, code: bob, userId: 'friend-3' })).json()).toMatchObject({ attributed: true });
  // A repeat is answered alreadyAttributed and stores nothing.
  expect((await c.referral('attribute', { appSlug: slug, code: alice, userId: 'friend-1' })).json()).toMatchObject({ alreadyAttributed: true });
  const intent = await c.referral('claim-intent', { appSlug: slug, code: alice });
  expect(intent.statusCode, intent.body).toBe(201);
  expect((await c.referral('attribute', { appSlug: slug, claimToken: intent.json().claimToken, anonymousId: 'ANON-1' })).json()).toMatchObject({ attributed: true });
  // A landing visit nobody redeemed: a referral row, not an attribution.
  expect((await c.referral('claim-intent', { appSlug: slug, code: bob })).statusCode).toBe(201);

  // Promotion: 6 decisions shown, 2 tapped, 1 dismissed; a replayed impression changes nothing.
  const tokens: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await post((o) => t.app.inject(o), 'resolve', { appSlug: slug, placement: 'after_onboarding', userId: `p${i}` });
    expect(r.json().decision, r.body).toBe('show');
    tokens.push(r.json().trackingToken);
  }
  for (const tk of tokens) expect((await c.promotionEvent(tk, 'impression')).json()).toMatchObject({ duplicate: false });
  expect((await c.promotionEvent(tokens[0], 'impression')).json()).toMatchObject({ duplicate: true });
  for (const tk of tokens.slice(0, 2)) expect((await c.promotionEvent(tk, 'tapped')).statusCode).toBe(200);
  expect((await c.promotionEvent(tokens[1], 'tapped')).json()).toMatchObject({ duplicate: true });
  expect((await c.promotionEvent(tokens[5], 'dismissed')).statusCode).toBe(200);

  return {
    apps,
    slug,
    expected: { cancelSessions: 5, saves: 3, onboardingStarts: 3, completions: 1, referrals: 5, impressions: 6, taps: 2 },
  };
}
