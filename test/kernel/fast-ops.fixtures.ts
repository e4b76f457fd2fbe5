import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { ownerWithApps } from '../flows/promotion/promotion.fixtures.js';
import { goodWishlist, ownerApi, putAndPublish as publishBoard } from '../flows/wishlist/wishlist.fixtures.js';
import type { TestApp } from '../helpers.js';

/** A request body for one fast operation; `n` makes each call's body its own (a new address, user, decision). */
export interface FastOpFixture {
  good(n: number): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A body naming something that does not exist (default: the good body with an unknown appSlug). */
  unknown?(): Record<string, unknown>;
}

/**
 * The published flows behind every fast operation (kernel/fast-ops.ts), and one good request per
 * operation id. The conformance test takes the operations from the registry: a fast operation
 * added without an entry here fails it, by name.
 */
export async function fastOpFixtures(t: TestApp): Promise<Record<string, FastOpFixture>> {
  await t.createApp({ name: 'Conformance', slug: 'conf' });
  await putAndPublish(t, 'conf', 'waitlist', goodWaitlist());
  await putAndPublish(t, 'conf', 'cancel', goodCancel());
  await putAndPublish(t, 'conf', 'onboarding', goodOnboarding());
  await publishBoard(t, 'conf', goodWishlist());
  const ideaId: string = (await ownerApi(t, 'conf').create({ title: 'Conformance idea' })).json().idea.id;
  const apps = await ownerWithApps(t, 'conf-');
  await putAndPublish(t, 'conf-sleepy', 'app-promotion', { type: 'app_promotion', placement: 'launch', destinations: [{ destinationAppId: apps.dest.focus.id }], frequency: { maxImpressionsPerWindow: 0 } });
  const resolve = { appSlug: 'conf-sleepy', placement: 'launch', platform: 'ios' };
  const session = (n: number) => ({ appSlug: 'conf', userId: `user-${n}`, platform: 'ios', appVersion: '3.1.0' });

  return {
    signUpToWaitlist: { good: (n) => ({ appSlug: 'conf', email: `person-${n}@example.com` }) },
    voteWishlistIdea: { good: () => ({ appSlug: 'conf', ideaId }) },
    startCancelSession: { good: session },
    startOnboardingSession: { good: session },
    resolvePromotion: { good: (n) => ({ ...resolve, userId: `user-${n}` }) },
    recordPromotionEvent: {
      // Each event needs a decision of its own (a repeat of the same token and event is a duplicate).
      good: async (n) => {
        const r = await t.app.inject({ method: 'POST', url: '/api/public/promotions/resolve', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...resolve, userId: `event-user-${n}` }) });
        const token = r.json().trackingToken;
        if (!token) throw new Error(`resolve gave no decision: ${r.body}`);
        return { trackingToken: token, event: 'impression' };
      },
      unknown: () => ({ trackingToken: 'eyJhIjoieCJ9.forged', event: 'impression' }),
    },
  };
}
