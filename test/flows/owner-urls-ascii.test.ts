import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageToken } from '../form-token.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { everyAction, leavingTarget, startSession, type Session } from './cancel/cancel.pages.fixtures.js';
import { goodFeedback, goodWaitlist, json, putAndPublish } from './forms/forms.fixtures.js';
import { goodLegal } from './legal/legal.fixtures.js';
import { goodLinkPage } from './link-page/link-page.fixtures.js';
import { goodOnboarding } from './onboarding/onboarding.fixtures.js';
import { ownerWithApps } from './promotion/promotion.fixtures.js';
import { goodReferral } from './referral/referral.fixtures.js';

/**
 * #35 item 5: iOS 16's `URL(string:)` answers nil for non-ASCII or spaces, and the SDK then drops
 * the URL (a cancel `external_url` does nothing, a success button disappears). Every owner-set
 * URL is stored and served in its ASCII form (kernel/ascii-url.ts); a space is a 422 at its path.
 */
const UMLAUT = 'https://bücher.example/über?q=größe#ä';
const ASCII = 'https://xn--bcher-kva.example/%C3%BCber?q=gr%C3%B6%C3%9Fe#%C3%A4';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachDb('owner-set URLs are stored and served in ASCII (iOS 16)', (dialect) => {
  let t: TestApp;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    apps = await ownerWithApps(t);
  });
  afterAll(() => t.close());

  const put = (app: string, segment: string, config: unknown, flowSlug = '') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app}/flows/${segment}${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  const ownerGet = async (app: string, segment: string, flowSlug = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app}/flows/${segment}${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: t.auth })).json();
  const press = (s: Session, b: string) => t.app.inject({ method: 'POST', url: s.action, headers: form, payload: new URLSearchParams({ t: s.token, b }).toString() });
  const cancelWith = (url: string) => {
    const c = everyAction();
    (c.responses.switching.primaryButton as { url?: string }).url = url;
    return c;
  };
  const feedbackWith = (ctaUrl: string) => ({ ...goodFeedback(), success: { title: 'Danke!', body: 'Gut.', ctaLabel: 'Über uns', ctaUrl } });

  it('a cancel external_url with "über": owner GET, the SDK deep link and the web page all carry the ASCII form', async () => {
    const app = await t.createApp({ name: 'Cancel ASCII', deepLinkScheme: 'cxascii' });
    const r = await put(app.slug, 'cancel', cancelWith(UMLAUT));
    expect(r.statusCode, r.body).toBe(200);
    const stored = (await ownerGet(app.slug, 'cancel')).draft.config.responses.switching.primaryButton.url;
    expect(stored).toBe(ASCII);
    await putAndPublish(t, app.slug, 'cancel', cancelWith(UMLAUT));
    expect((await ownerGet(app.slug, 'cancel')).published.config.responses.switching.primaryButton.url).toBe(ASCII);

    // The SDK: the hosted page hands the URL over in the deep link; decoded, it is the ASCII form.
    const s = await startSession(t, app.slug);
    const target = leavingTarget((await press(s, 'response:switching:primary')).body)!;
    expect(target).toBe(`cxascii://retention-flow/action?type=external_url&session_id=${s.sessionId}&url=${encodeURIComponent(ASCII)}`);
    expect(new URL(target).searchParams.get('url')).toBe(ASCII);

    // A web session leaves to the page itself: the same href.
    const w = await t.app.inject({ method: 'GET', url: `/cancel/${app.slug}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' } });
    const m = /\/s\/([A-Za-z0-9]+)\?t=([A-Za-z0-9]+)$/.exec(String(w.headers.location))!;
    const web = { sessionId: m[1], token: m[2], flowUrl: '', path: '', action: `/cancel/${app.slug}/s/${m[1]}` };
    expect(leavingTarget((await press(web, 'response:switching:primary')).body)).toBe(ASCII);
  });

  it('a feedback ctaUrl with "über-uns": owner GET, GET /api/public/feedback and the success page href carry the ASCII form', async () => {
    const app = await t.createApp({ name: 'Feedback ASCII' });
    await putAndPublish(t, app.slug, 'feedback', feedbackWith('https://sleepy.example/über-uns'));
    const ascii = 'https://sleepy.example/%C3%BCber-uns';
    const env = await ownerGet(app.slug, 'feedback');
    expect(env.draft.config.success.ctaUrl).toBe(ascii);
    expect(env.published.config.success.ctaUrl).toBe(ascii);

    const sdk = await t.app.inject({ method: 'GET', url: `/api/public/feedback?appSlug=${app.slug}` });
    expect(sdk.statusCode, sdk.body).toBe(200);
    expect(sdk.json().config.success).toMatchObject({ ctaLabel: 'Über uns', ctaUrl: ascii });

    const page = `/feedback/${app.slug}`;
    const _token = await pageToken(t, page, { headers: { accept: 'text/html' } });
    const sent = await t.app.inject({ method: 'POST', url: page, headers: { ...form, accept: 'text/html' }, payload: new URLSearchParams({ _token, message: 'Schön' }).toString() });
    expect(sent.statusCode, sent.body).toBe(303);
    const done = await t.app.inject({ method: 'GET', url: String(sent.headers.location), headers: { accept: 'text/html' } });
    expect(done.body).toContain(`href="${ascii}"`);
  });

  it('a URL with a space is a 422 at its path saying to write %20 (cancel, feedback, link page, promotion deep link)', async () => {
    const app = await t.createApp({ name: 'Space', deepLinkScheme: 'spaceapp' });
    const cases: [string, unknown, string][] = [
      ['cancel', cancelWith('https://sleepy.example/über uns'), '/responses/switching/primaryButton/url'],
      ['feedback', feedbackWith('https://sleepy.example/über uns'), '/success/ctaUrl'],
      ['feedback', feedbackWith('https://sleepy example/'), '/success/ctaUrl'],
      ['link-page', goodLinkPage({ links: [{ label: 'x', url: 'https://sleepy.example/a b' }] }), '/links/0/url'],
    ];
    for (const [segment, config, path] of cases) {
      const r = await put(app.slug, segment, config);
      expect(r.statusCode, `${segment}: ${r.body}`).toBe(422);
      expect(r.json().issues, segment).toContainEqual({ path, message: 'contains a space; encode it as %20' });
    }
    const promo = { type: 'app_promotion', placement: 'space', destinations: [{ destinationAppId: apps.dest.focus.id, deferredAction: { type: 'custom_scheme', url: 'focus://rezepte/über uns' } }] };
    const r = await put('sleepy', 'app-promotion', promo, 'space');
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().issues).toContainEqual({ path: '/destinations/0/deferredAction/url', message: 'contains a space; encode it as %20' });
  });

  it('every owner URL field of every flow type stores the ASCII form; already-encoded URLs are kept byte for byte', async () => {
    const dest = (over: Record<string, unknown>) => ({ type: 'app_promotion', placement: 'ascii', destinations: [{ destinationAppId: apps.dest.focus.id, ...over }] });
    const fields: [string, (c: any) => unknown, (url: string) => unknown][] = [
      ['onboarding', (c) => c.handoff.appStoreUrl, (url) => ({ ...goodOnboarding(), handoff: { ...goodOnboarding().handoff, appStoreUrl: url } })],
      ['waitlist', (c) => c.success.ctaUrl, (url) => ({ ...goodWaitlist(), success: { title: 'In', body: 'b', ctaLabel: 'Go', ctaUrl: url } })],
      ['waitlist', (c) => c.hero.heroImage, (url) => ({ ...goodWaitlist(), hero: { ...goodWaitlist().hero, heroImage: url } })],
      ['link-page', (c) => c.links[0].url, (url) => goodLinkPage({ links: [{ label: 'x', url }] })],
      ['legal', (c) => c.processors[0].privacyUrl, (url) => goodLegal({ processors: [{ id: 'own', name: 'Own', purpose: ['app_functionality'], privacyUrl: url }] })],
      ['referral', (c) => c.landing.websiteUrl, (url) => goodReferral({ landing: { ...goodReferral().landing, fallback: 'website', websiteUrl: url } })],
      ['app-promotion', (c) => c.destinations[0].content.imageUrl, (url) => dest({ content: { imageUrl: url } })],
      ['app-promotion', (c) => c.destinations[0].installedAction.url, (url) => dest({ installedAction: { type: 'universal_link', url } })],
      ['app-promotion', (c) => c.destinations[0].deferredAction.url, (url) => dest({ deferredAction: { type: 'universal_link', url } })],
    ];
    for (const [url, stored] of [
      [UMLAUT, ASCII],
      ['https://sleepy.example/%C3%BCber?a=b', 'https://sleepy.example/%C3%BCber?a=b'],
      ['https://Sleepy.example', 'https://Sleepy.example'],
    ]) {
      for (const [segment, read, config] of fields) {
        const r = await put('sleepy', segment, config(url), 'ascii');
        expect(r.statusCode, `${segment} ${url}: ${r.body}`).toBe(200);
        expect(read((await ownerGet('sleepy', segment, 'ascii')).draft.config), `${segment} ${url}`).toBe(stored);
      }
    }
    // A custom-scheme deep link follows the same rule.
    expect((await put('sleepy', 'app-promotion', dest({ installedAction: { type: 'custom_scheme', url: 'focus://rezepte/über' } }), 'ascii')).statusCode).toBe(200);
    expect((await ownerGet('sleepy', 'app-promotion', 'ascii')).draft.config.destinations[0].installedAction.url).toBe('focus://rezepte/%C3%BCber');
  });

  it('an app’s own URLs (logo, promotion metadata) are stored in ASCII too', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      headers: { ...t.auth, ...json },
      payload: JSON.stringify({ name: 'Bücher', logoUrl: 'https://bücher.example/logo.png', promotion: { storeUrl: 'https://apps.apple.com/de/app/bücher/id1', universalLinkBase: 'https://bücher.example' } }),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().app).toMatchObject({ logoUrl: 'https://xn--bcher-kva.example/logo.png', promotion: { storeUrl: 'https://apps.apple.com/de/app/b%C3%BCcher/id1', universalLinkBase: 'https://xn--bcher-kva.example/' } });
  });

  it('configs stored before #35 (as written, non-ASCII, even with a space) are served in ASCII', async () => {
    const app = await t.createApp({ name: 'Legacy', deepLinkScheme: 'legacyapp' });
    await putAndPublish(t, app.slug, 'cancel', cancelWith('https://legacy.example/x'));
    await putAndPublish(t, app.slug, 'feedback', feedbackWith('https://legacy.example/x'));
    // What a pre-#35 server stored: the URL as the owner wrote it.
    for (const table of ['flows', 'flow_versions'] as const) {
      const col = table === 'flows' ? 'draft_json' : 'config_json';
      const rows = await t.db.db.selectFrom(table).select(['id', col] as any).execute();
      for (const row of rows as Record<string, string>[]) {
        if (!row[col].includes('https://legacy.example/x')) continue;
        await t.db.db.updateTable(table).set({ [col]: row[col].replace('https://legacy.example/x', 'https://legacy.example/über uns') } as any).where('id', '=', row.id).execute();
      }
    }
    const ascii = 'https://legacy.example/%C3%BCber%20uns';
    const env = await ownerGet(app.slug, 'cancel');
    expect(env.draft.config.responses.switching.primaryButton.url).toBe(ascii);
    expect(env.published.config.responses.switching.primaryButton.url).toBe(ascii);
    const s = await startSession(t, app.slug);
    expect(new URL(leavingTarget((await press(s, 'response:switching:primary')).body)!).searchParams.get('url')).toBe(ascii);
    const sdk = await t.app.inject({ method: 'GET', url: `/api/public/feedback?appSlug=${app.slug}` });
    expect(sdk.json().config.success.ctaUrl).toBe(ascii);
    // Publishing such a draft publishes the ASCII form (not a 422 for what the owner saved long ago).
    const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/feedback/publish`, headers: { authorization: t.auth.authorization } });
    expect(pub.statusCode, pub.body).toBe(200);
    const v2 = await t.db.db.selectFrom('flow_versions').select('config_json').where('id', '=', pub.json().versionId).executeTakeFirstOrThrow();
    expect(JSON.parse(v2.config_json).success.ctaUrl).toBe(ascii);
  });
});
