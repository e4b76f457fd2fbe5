import { expect } from 'vitest';
import type { TestApp } from '../../helpers.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';

/** A cancel flow whose responses use every button action (and the opt-in thanks screen). */
export const everyAction = (over: Record<string, unknown> = {}) => ({
  type: 'cancel',
  intro: { title: 'Before you go <b>really</b>', subtitle: 'Can we help? <script>alert(1)</script>', primaryButton: 'Continue', secondaryButton: 'Keep my plan' },
  reasonScreen: {
    title: 'Why are you leaving?',
    subtitle: 'Pick one',
    reasons: [
      { id: 'too_expensive', label: 'Too expensive', emoji: '💸' },
      { id: 'missing_feature', label: 'Missing a feature <i>x</i>' },
      { id: 'bugs', label: 'Too many bugs' },
      { id: 'switching', label: 'Switching to another app' },
      { id: 'thanks_only', label: 'Just taking a break' },
      { id: 'no_response', label: 'Something else' },
    ],
  },
  responses: {
    too_expensive: {
      title: 'How about 50% off?',
      body: 'Three months at half price.\nNo strings attached.',
      primaryButton: { label: 'Claim 50% off', action: 'open_offer', offerId: 'winback 50/3m' },
      secondaryButton: { label: 'Continue cancelling', action: 'manage_subscription' },
    },
    missing_feature: {
      title: 'Tell us what is missing',
      body: 'We read everything.',
      primaryButton: { label: 'Message support', action: 'open_support', supportTopic: 'feature request', message: 'A&B = C #1 ünïcode' },
      secondaryButton: { label: 'See the roadmap', action: 'open_feature', featureId: 'roadmap/2026' },
    },
    bugs: {
      title: 'Sorry about that',
      body: 'Try the new version?',
      primaryButton: { label: 'Try Premium', action: 'open_premium', paywallId: 'winback v2' },
      secondaryButton: { label: 'Noted', action: 'none' },
    },
    switching: {
      title: 'Compare first?',
      body: 'See how we stack up.',
      primaryButton: { label: 'Compare', action: 'external_url', url: 'https://example.com/compare?x=1&y=a%20b#top' },
      secondaryButton: { label: 'Stay', action: 'return_to_app' },
    },
    thanks_only: {
      title: 'Enjoy the break',
      body: 'We will keep your data.',
      primaryButton: { label: 'Pause instead', action: 'open_premium' },
      secondaryButton: { label: 'Continue cancelling', action: 'manage_subscription' },
      showThanksScreen: true,
    },
  },
  ...over,
});

export async function cancelApp(t: TestApp, name: string, config: unknown = everyAction(), scheme: string | null = 'myapp') {
  const app = await t.createApp(scheme ? { name, deepLinkScheme: scheme } : { name });
  await putAndPublish(t, app.slug, 'cancel', config);
  return app;
}

export interface Session {
  sessionId: string;
  token: string;
  flowUrl: string;
  /** flowUrl's path and query. */
  path: string;
  /** The page's form target. */
  action: string;
}

/** The SDK's startCancelFlow. */
export async function startSession(t: TestApp, appSlug: string, extra: Record<string, unknown> = {}): Promise<Session> {
  const r = await t.app.inject({ method: 'POST', url: '/api/public/sessions', headers: json, payload: JSON.stringify({ appSlug, platform: 'ios', ...extra }) });
  expect(r.statusCode, r.body).toBe(201);
  const b = r.json();
  const u = new URL(b.flowUrl);
  return { ...b, path: u.pathname + u.search, action: u.pathname };
}

/** The deep link a leaving page opens: its meta refresh and its fallback link must agree. */
export function leavingTarget(html: string): string | undefined {
  const meta = /<meta http-equiv="refresh" content="0;url=([^"]*)"/.exec(html)?.[1];
  const link = /<a class="cx-btn" href="([^"]*)"/.exec(html)?.[1];
  expect(meta).toBe(link);
  return meta?.replaceAll('&amp;', '&');
}
