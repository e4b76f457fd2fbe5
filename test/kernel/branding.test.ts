import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const LOGO = 'https://cdn.example.com/sleepy.png';
const count = (html: string, re: RegExp) => (html.match(new RegExp(re.source, 'g')) ?? []).length;

describeEachDb('branding and link previews on shareable pages', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', logoUrl: LOGO, deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'feedback', { ...goodFeedback(), hero: { accentColor: '#0F766E' } });
    await putAndPublish(t, 'sleepy', 'waitlist', goodWaitlist());
    await putAndPublish(t, 'sleepy', 'link-page', goodLinkPage());
    await putAndPublish(t, 'sleepy', 'referral', goodReferral());
    await putAndPublish(t, 'sleepy', 'wishlist', goodWishlist());
    await t.createApp({ name: 'Plain', slug: 'plain' });
    await putAndPublish(t, 'plain', 'feedback', goodFeedback());
  });
  afterAll(() => t.close());

  const page = async (url: string) => (await t.app.inject({ url })).body;

  it('forms carry the app logo as favicon and preview image, the description, and theme-color from the accent', async () => {
    const html = await page('/feedback/sleepy');
    expect(html).toContain(`<link rel="icon" href="${LOGO}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${LOGO}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${LOGO}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain('<meta property="og:site_name" content="Sleepy"/>');
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
    expect(html).toContain('<meta name="theme-color" content="#0f766e"/>');
    // Without a logo: the service's mark, never a missing favicon.
    expect(await page('/feedback/plain')).toContain('<link rel="icon" href="/assets/favicon.svg"/>');
    expect((await t.app.inject({ url: '/assets/favicon.svg' })).statusCode).toBe(200);
  });

  it('every shareable page has exactly one of each preview tag', async () => {
    const code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: { 'content-type': 'application/json' }, payload: { appSlug: 'sleepy', userId: 'alice' } })).json().code;
    for (const url of ['/feedback/sleepy', '/waitlist/sleepy', '/p/sleepy', `/r/${code}`, '/wishlist/sleepy']) {
      const html = await page(url);
      for (const tag of [/<meta property="og:title"/, /<meta property="og:type"/, /<meta name="twitter:card"/, /<meta name="theme-color"/, /<link rel="icon"/]) expect(count(html, tag), `${url} ${tag}`).toBe(1);
      expect(count(html, /<meta property="og:description"/), url).toBeLessThanOrEqual(1);
    }
  });
});
