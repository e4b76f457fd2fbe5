import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from './cancel.fixtures.js';
import { goodCrash } from './crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, json } from './forms/forms.fixtures.js';
import { goodLegal } from './legal/legal.fixtures.js';
import { goodLinkPage } from './link-page/link-page.fixtures.js';
import { goodOnboarding } from './onboarding/onboarding.fixtures.js';
import { goodReferral } from './referral/referral.fixtures.js';
import { goodWishlist } from './wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const CONFIGS: [segment: string, config: unknown, flowSlug?: string][] = [
  ['cancel', goodCancel()],
  ['cancel', goodCancel(), 'winback'],
  ['waitlist', goodWaitlist()],
  ['waitlist', goodWaitlist(), 'beta'],
  ['feedback', goodFeedback()],
  ['report', goodReport()],
  ['contact', goodContact()],
  ['crash', goodCrash()],
  ['wishlist', goodWishlist()],
  ['onboarding', goodOnboarding()],
  ['legal', goodLegal()],
  ['link-page', goodLinkPage()],
  ['referral', goodReferral()],
];

describeEachDb('flows answer their public URL (publish, GET, list) and it serves the page', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { WEB_URL: 'http://web.test' } });
    await t.createApp({ name: 'Urls', slug: 'urls', deepLinkScheme: 'urls' });
  });
  afterAll(() => t.close());

  it.each(CONFIGS)('%s %s', async (segment, config, flowSlug) => {
    const q = flowSlug ? `?flowSlug=${flowSlug}` : '';
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/urls/flows/${segment}${q}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
    expect(put.statusCode, put.body).toBe(200);
    const published = await t.app.inject({ method: 'POST', url: `/api/v1/apps/urls/flows/${segment}/publish${q}`, headers: { authorization: t.auth.authorization } });
    const url = published.json().publicUrl;
    const got = (await t.app.inject({ url: `/api/v1/apps/urls/flows/${segment}${q}`, headers: t.auth })).json().publicUrl;
    expect(got).toBe(url);
    if (segment === 'referral') {
      expect(url).toBeNull(); // invites are per code: WEB_URL/r/<code>
      return;
    }
    // Waitlists live on SIGNUP_URL when it is a host of its own (the test config's signup.test).
    expect(url).toMatch(segment === 'waitlist' ? /^http:\/\/signup\.test\// : /^http:\/\/web\.test\//);
    const listed = (await t.app.inject({ url: '/api/v1/apps/urls/flows', headers: t.auth })).json().flows;
    expect(listed.find((f: { type: string; slug: string }) => f.slug === (flowSlug ?? f.slug) && url === (f as unknown as { publicUrl: string }).publicUrl)).toBeTruthy();
    // The URL is a page this server serves (cancel and onboarding start a web session: a redirect).
    const page = await t.app.inject({ url: new URL(url).pathname, headers: { accept: 'text/html', host: new URL(url).host } });
    expect([200, 302, 303], `${url}: ${page.statusCode}`).toContain(page.statusCode);
    expect(page.headers['content-type'] ?? 'text/html').toMatch(/text\/html/);
  });
});
