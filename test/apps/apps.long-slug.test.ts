import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodFeedback, goodWaitlist, json, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/**
 * WIRE A.1 create_app takes slugs of up to 80 characters, and the SDK sends that slug as `appSlug`
 * on every public call (WIRE B.2). Cancel sessions, referral and onboarding once capped it at 64
 * (a 422, so the SDK's cancel flow fell back and referral returned nothing); every public schema
 * now takes the one `publicAppSlug`.
 */
describeEachDb('an app slug of the longest length app creation accepts works on every SDK call', (dialect) => {
  let t: TestApp;
  const slug = `a${'-long-slug'.repeat(7)}-${'x'.repeat(8)}`;
  beforeAll(async () => {
    t = await testApp(dialect);
    expect(slug).toHaveLength(80);
    await t.createApp({ name: 'Long', slug });
    for (const [type, config] of [
      ['cancel', goodCancel()],
      ['waitlist', goodWaitlist()],
      ['feedback', goodFeedback()],
      ['referral', goodReferral()],
      ['onboarding', goodOnboarding()],
      ['wishlist', goodWishlist()],
    ] as const) await putAndPublish(t, slug, type, config);
  });
  afterAll(() => t.close());

  const post = (url: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify({ appSlug: slug, ...body }) });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('cancel session, referral code, rewards and attribution, onboarding completion and claim', async () => {
    const session = await post('/api/public/sessions', { platform: 'ios', userId: 'u-1' });
    expect(session.statusCode, session.body).toBe(201);
    const code = await post('/api/public/referral/code', { userId: 'u-1' });
    expect(code.statusCode, code.body).toBe(200);
    expect((await post('/api/public/referral/claim-intent', { code: code.json().code })).statusCode).toBe(201);
    const attributed = await post('/api/public/referral/attribute', { code: code.json().code, userId: 'u-2' });
    expect(attributed.statusCode, attributed.body).toBe(200);
    expect((await post('/api/public/referral/rewards', { userId: 'u-1' })).statusCode).toBe(200);
    const done = await post('/api/public/onboarding/complete', { answers: { goal: 'fall_asleep', habits: ['screens'] }, email: 'a@example.com' });
    expect(done.statusCode, done.body).toBe(201);
    const claim = await post('/api/public/onboarding/claim', { claimToken: done.json().claimToken, userId: 'u-1' });
    expect(claim.statusCode, claim.body).toBe(200);
  });

  it('waitlist signup, feedback form and submit, wishlist list, promotion resolve', async () => {
    expect((await post('/api/public/waitlist', { email: 'w@example.com' })).statusCode).toBe(201);
    expect((await get(`/api/public/feedback?appSlug=${slug}`)).statusCode).toBe(200);
    expect((await post('/api/public/feedback', { message: 'Great app' })).statusCode).toBe(201);
    expect((await get(`/api/public/wishlist/list?appSlug=${slug}&sort=votes&anonId=anon-1`)).statusCode).toBe(200);
    const resolve = await post('/api/public/promotions/resolve', { placement: 'after_onboarding' });
    expect(resolve.statusCode, resolve.body).toBe(200);
    expect(resolve.json()).toMatchObject({ decision: 'none' });
  });
});
