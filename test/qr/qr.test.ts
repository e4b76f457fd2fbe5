import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QR_FLOWS } from '../../src/kernel/flows/qr-flows.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { FORM_FIXTURES, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { decodePng } from './qr.helpers.js';

/** Segment and config per QR flow value (crash only when that type is registered on this server). */
async function fixtures(t: TestApp): Promise<Record<string, { segment: string; config: unknown }>> {
  const out: Record<string, { segment: string; config: unknown }> = {
    cancel: { segment: 'cancel', config: goodCancel() },
    waitlist: { segment: 'waitlist', config: FORM_FIXTURES.waitlist() },
    feedback: { segment: 'feedback', config: FORM_FIXTURES.feedback() },
    report: { segment: 'report', config: FORM_FIXTURES.report() },
    contact: { segment: 'contact', config: FORM_FIXTURES.contact() },
    onboarding: { segment: 'onboarding', config: goodOnboarding() },
    wishlist: { segment: 'wishlist', config: goodWishlist() },
    link: { segment: 'link-page', config: goodLinkPage() },
    referral: { segment: 'referral', config: goodReferral() },
    legal: { segment: 'legal', config: goodLegal() },
  };
  if (t.app.services.registry.get('crash')) {
    // Imported by a computed path: this suite must not depend on the crash module being there.
    const path = '../flows/crash/crash.fixtures.js';
    const { goodCrash } = (await import(path)) as { goodCrash: () => unknown };
    out.crash = { segment: 'crash', config: goodCrash() };
  }
  return out;
}

describeEachDb('QR codes', (dialect) => {
  let t: TestApp;
  let code: string;
  const qr = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const sdk = (path: string, body: unknown) => t.app.inject({ method: 'POST', url: `/api/public/${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Scan Me', slug: 'scan-me', deepLinkScheme: 'scanme' });
    for (const f of Object.values(await fixtures(t))) await putAndPublish(t, 'scan-me', f.segment, f.config);
    code = (await sdk('referral/code', { appSlug: 'scan-me', userId: 'alice' })).json().code;
    await t.createApp({ name: 'Bare', slug: 'bare' });
  });
  afterAll(() => t?.close());

  it('encodes the public URL of every published flow; each decoded URL serves its page', async () => {
    const published = Object.keys(await fixtures(t));
    expect(published.length).toBeGreaterThanOrEqual(QR_FLOWS.length - 1);
    const expected: Record<string, string> = {
      cancel: 'http://web.test/cancel/scan-me',
      waitlist: 'http://signup.test/scan-me',
      feedback: 'http://web.test/feedback/scan-me',
      report: 'http://web.test/report/scan-me',
      contact: 'http://web.test/contact/scan-me',
      onboarding: 'http://web.test/onboarding/scan-me',
      wishlist: 'http://web.test/wishlist/scan-me',
      link: 'http://web.test/p/scan-me',
      referral: `http://web.test/r/${code}`,
      crash: 'http://web.test/crash/scan-me',
      legal: 'http://web.test/legal/scan-me',
    };
    for (const flow of published) {
      // As the SDK and the MCP send it (WIRE B.2): size always, theme only when not auto.
      const r = await qr(`/api/public/qr/scan-me/${flow}?format=png&size=512${flow === 'referral' ? `&code=${code.toLowerCase().slice(0, 4)}-${code.slice(4)}` : ''}`);
      expect(r.statusCode, `${flow}: ${r.body.slice(0, 200)}`).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      const img = decodePng(r.rawPayload);
      expect(img.text, flow).toBe(expected[flow]);
      expect([img.width, img.height]).toEqual([512, 512]);
      // Follow it: the page is there (the signup host by its Host header).
      const u = new URL(img.text!);
      const page = await t.app.inject({ method: 'GET', url: u.pathname, headers: { host: u.host, accept: 'text/html' } });
      expect(page.statusCode, `${flow} -> ${img.text}`).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('draws SVG from the same symbol, sized, in both themes; dark is light-on-dark and still reads', async () => {
    const svg = await qr('/api/public/qr/scan-me/feedback?format=svg&size=660');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="660" height="660" viewBox="0 0 \d+ \d+"/);
    expect(svg.body).toContain('fill="#ffffff"');
    expect(svg.body.trim().endsWith('</svg>')).toBe(true);
    expect(svg.body).not.toMatch(/<script|on\w+=/i);
    const darkSvg = await qr('/api/public/qr/scan-me/feedback?format=svg&theme=dark&size=660');
    expect(darkSvg.body).toContain('fill="#0d0e13"');
    expect(darkSvg.body).toContain('stroke="#f2f3f7"');

    const light = decodePng((await qr('/api/public/qr/scan-me/link?format=png&size=1024&theme=light')).rawPayload);
    expect(light.topLeft).toEqual([255, 255, 255]);
    const dark = decodePng((await qr('/api/public/qr/scan-me/link?format=png&size=1024&theme=dark')).rawPayload);
    expect(dark.topLeft).toEqual([0x0d, 0x0e, 0x13]);
    expect([light.text, dark.text]).toEqual(['http://web.test/p/scan-me', 'http://web.test/p/scan-me']);
    // `auto` (never sent by the clients) is light; no theme is light.
    expect((await qr('/api/public/qr/scan-me/link?size=1024&theme=auto')).rawPayload.equals((await qr('/api/public/qr/scan-me/link?format=png&size=1024')).rawPayload)).toBe(true);
  });

  it('clamps size to 128-2048 and defaults to png at 512', async () => {
    const dims = async (q: string) => decodePng((await qr(`/api/public/qr/scan-me/feedback${q}`)).rawPayload);
    expect(await dims('?size=1')).toMatchObject({ width: 128, text: 'http://web.test/feedback/scan-me' });
    expect(await dims('?size=0')).toMatchObject({ width: 128 });
    expect(await dims('?size=999999999')).toMatchObject({ width: 2048, text: 'http://web.test/feedback/scan-me' });
    expect(await dims('')).toMatchObject({ width: 512, height: 512 });
    expect(await dims('?size=660')).toMatchObject({ width: 660, height: 660, text: 'http://web.test/feedback/scan-me' });
  });

  it('caches: ETag from the bytes, a day immutable, 304 to If-None-Match', async () => {
    const a = await qr('/api/public/qr/scan-me/wishlist?format=png&size=512');
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(a.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(a.headers['access-control-allow-origin']).toBe('*');
    const again = await qr('/api/public/qr/scan-me/wishlist?format=png&size=512');
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    const notModified = await qr('/api/public/qr/scan-me/wishlist?format=png&size=512', { 'if-none-match': `"other", W/${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await qr('/api/public/qr/scan-me/wishlist?format=png&size=512', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await qr('/api/public/qr/scan-me/wishlist?format=png&size=513')).headers.etag).not.toBe(etag);
    expect((await qr('/api/public/qr/scan-me/wishlist?format=svg&size=512')).headers.etag).not.toBe(etag);
  });

  it('404 for an unknown app, an unpublished flow, a code not the app’s; 422 for bad values, naming them', async () => {
    const cases: [string, number, string?][] = [
      ['/api/public/qr/nobody/feedback', 404],
      ['/api/public/qr/bare/feedback', 404],
      ['/api/public/qr/bare/link', 404],
      ['/api/public/qr/bare/referral?code=K7Q4R9XP', 404],
      ['/api/public/qr/scan-me/referral?code=ZZZZZZZZ', 404],
      ['/api/public/qr/scan-me/referral', 422, '/code'],
      ['/api/public/qr/scan-me/referral?code=abc', 422, '/code'],
      ['/api/public/qr/scan-me/feedback?format=gif', 422, '/format'],
      ['/api/public/qr/scan-me/feedback?theme=blue', 422, '/theme'],
      ['/api/public/qr/scan-me/feedback?size=abc', 422, '/size'],
      ['/api/public/qr/scan-me/feedback?size=1.5', 422, '/size'],
      ['/api/public/qr/scan-me/feedback?size=-5', 422, '/size'],
      ['/api/public/qr/scan-me/pre-cancel', 422, '/flow'],
      ['/api/public/qr/scan-me/privacy', 422, '/flow'],
    ];
    for (const [url, status, path] of cases) {
      const r = await qr(url);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(status);
      expect(r.headers['content-type'], url).toMatch(/^application\/json/);
      expect(r.json().error, url).toEqual(expect.any(String));
      if (path) expect(r.json().issues.map((i: { path: string }) => i.path), url).toContain(path);
    }
    // A referral code of another app is not this app's invite.
    await t.createApp({ name: 'Other Ref', slug: 'other-ref' });
    await putAndPublish(t, 'other-ref', 'referral', goodReferral());
    expect((await qr(`/api/public/qr/other-ref/referral?code=${code}`)).statusCode).toBe(404);
  });

  it('a secondary flow of a type with several (a second waitlist, a second cancel flow) by ?flowSlug=; single-flow types ignore it', async () => {
    await putAndPublish(t, 'scan-me', 'waitlist', FORM_FIXTURES.waitlist(), 'beta');
    await putAndPublish(t, 'scan-me', 'cancel', goodCancel(), 'winback');
    const text = async (url: string) => {
      const r = await qr(url);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      return decodePng(r.rawPayload).text;
    };
    expect(await text('/api/public/qr/scan-me/waitlist?format=png&size=512&flowSlug=beta')).toBe('http://signup.test/scan-me/beta');
    expect(await text('/api/public/qr/scan-me/cancel?format=png&size=512&flowSlug=winback')).toBe('http://web.test/cancel/scan-me/winback');
    // The primary by its own slug is the primary's address; a single-flow type ignores the slug.
    expect(await text('/api/public/qr/scan-me/waitlist?format=png&size=512&flowSlug=waitlist')).toBe('http://signup.test/scan-me');
    expect(await text('/api/public/qr/scan-me/feedback?format=png&size=512&flowSlug=anything')).toBe('http://web.test/feedback/scan-me');
    // An unpublished or unknown secondary: 404; a slug that is no slug: 400 (a bad query) at /flowSlug.
    expect((await qr('/api/public/qr/scan-me/waitlist?flowSlug=nope')).statusCode).toBe(404);
    const bad = await qr('/api/public/qr/scan-me/waitlist?flowSlug=Not%20A%20Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('/flowSlug');
    // The owner's get_qr_code (REST and MCP) takes the same slug: its image URLs carry it and answer that page.
    const owner = await t.app.inject({ method: 'GET', url: '/api/v1/apps/scan-me/qr/waitlist?flowSlug=beta', headers: t.auth });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ url: 'http://signup.test/scan-me/beta', published: true });
    const png = new URL(owner.json().pngUrl);
    expect(png.searchParams.get('flowSlug')).toBe('beta');
    expect(await text(`${png.pathname}${png.search}`)).toBe('http://signup.test/scan-me/beta');
    const unknown = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/scan-me/qr/waitlist?flowSlug=nope', headers: t.auth })).json();
    expect(unknown).toMatchObject({ url: null, published: false });
  });

  it('short links: the QR of their shortUrl; 404 for an unknown code', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/apps/scan-me/links', headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ url: 'https://example.com/promo', code: 'Spring-Sale' }) });
    expect(created.statusCode, created.body).toBe(201);
    const shortUrl = created.json().shortUrl ?? created.json().link?.shortUrl;
    expect(shortUrl).toBe('http://web.test/l/spring-sale');
    const r = await qr('/api/public/qr/links/SPRING-SALE?format=png&size=512');
    expect(r.statusCode).toBe(200);
    expect(decodePng(r.rawPayload).text).toBe(shortUrl);
    const svg = await qr('/api/public/qr/links/spring-sale?format=svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await qr('/api/public/qr/links/nope-nope')).statusCode).toBe(404);
    expect((await qr('/api/public/qr/links/spring-sale?format=jpeg')).statusCode).toBe(422);
  });

  it('get_qr_code (owner): the image URLs AppMate’s tool builds, and whether they answer', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/scan-me/qr/referral?theme=dark&referralCode=${code}`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      app: 'scan-me',
      flow: 'referral',
      pngUrl: `http://web.test/api/public/qr/scan-me/referral?format=png&size=1024&theme=dark&code=${code}`,
      svgUrl: `http://web.test/api/public/qr/scan-me/referral?format=svg&size=1024&theme=dark&code=${code}`,
      url: `http://web.test/r/${code}`,
      published: true,
      note: expect.any(String),
    });
    const img = await qr(r.json().pngUrl.replace('http://web.test', ''));
    expect(decodePng(img.rawPayload)).toMatchObject({ text: `http://web.test/r/${code}`, width: 1024 });
    const bare = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/bare/qr/link?theme=auto', headers: t.auth })).json();
    expect(bare).toMatchObject({ published: false, url: null, pngUrl: 'http://web.test/api/public/qr/bare/link?format=png&size=1024' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/scan-me/qr/nope', headers: t.auth })).statusCode).toBe(400);
    const other = await t.otherAccount();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/scan-me/qr/link', headers: other.auth })).statusCode).toBe(404);
  });

  it('get_qr_code over MCP', async () => {
    const client: Client = await connectMcp(t);
    try {
      const r = (await client.callTool({ name: 'get_qr_code', arguments: { appIdOrSlug: 'scan-me', flow: 'link' } })) as ToolText;
      expect(r.isError).not.toBe(true);
      expect(toolJson(r)).toMatchObject({ app: 'scan-me', flow: 'link', pngUrl: 'http://web.test/api/public/qr/scan-me/link?format=png&size=1024', published: true });
    } finally {
      await client.close();
    }
  });
});

describeEachDb('QR codes with SIGNUP_URL on the web host', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { SIGNUP_URL: 'http://web.test' } });
    await t.createApp({ name: 'One Host', slug: 'one-host' });
    await putAndPublish(t, 'one-host', 'waitlist', FORM_FIXTURES.waitlist());
  });
  afterAll(() => t?.close());

  it('the waitlist code opens WEB_URL/waitlist/<app>', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/public/qr/one-host/waitlist?format=png&size=512' });
    const text = decodePng(r.rawPayload).text!;
    expect(text).toBe('http://web.test/waitlist/one-host');
    expect((await t.app.inject({ method: 'GET', url: new URL(text).pathname })).statusCode).toBe(200);
  });
});
