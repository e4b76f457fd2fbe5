import { afterEach, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { decodePng } from '../qr/qr.helpers.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'");
/** The "where it lives" card of an editor or tab page. */
const liveCard = (html: string) => decode(/<section class="card live[^"]*"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '');
const textareaOf = (html: string, id: string) => decode(new RegExp(`<textarea id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? '');

describeEachDb('dashboard: where is my page', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('each published flow shows its live URL, QR code, embed snippet where it embeds and its Swift call; the app list links them', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, app.slug, 'waitlist', goodWaitlist());
    await putAndPublish(t, app.slug, 'feedback', goodFeedback());
    await putAndPublish(t, app.slug, 'wishlist', goodWishlist());
    await putAndPublish(t, app.slug, 'legal', goodLegal());
    await putAndPublish(t, app.slug, 'cancel', goodCancel());
    await putAndPublish(t, app.slug, 'cancel', goodCancel(), 'winback');
    const { cookie } = await t.signIn();

    const expected: Record<string, { url: string; qr?: string; embed?: string; swift: string }> = {
      waitlist: { url: 'http://signup.test/sleepy', qr: 'waitlist', embed: 'http://web.test/embed/waitlist/sleepy', swift: 'RetentionFlow.presentURL(URL(string: "http://signup.test/sleepy")!)' },
      feedback: { url: 'http://web.test/feedback/sleepy', qr: 'feedback', embed: 'http://web.test/embed/feedback/sleepy', swift: 'RetentionFlow.presentFeedback(userId: currentUser.id)' },
      wishlist: { url: 'http://web.test/wishlist/sleepy', qr: 'wishlist', embed: 'http://web.test/embed/wishlist/sleepy', swift: 'RetentionFlow.presentWishlist(userId: currentUser.id)' },
      legal: { url: 'http://web.test/legal/sleepy', qr: 'legal', swift: 'RetentionFlow.presentURL(URL(string: "http://web.test/legal/sleepy")!)' },
      cancel: { url: 'http://web.test/cancel/sleepy', qr: 'cancel', swift: 'RetentionFlow.startCancelFlow(userId: currentUser.id) { link in' },
    };
    for (const [type, e] of Object.entries(expected)) {
      const page = await t.page(`/admin/apps/sleepy/flows/${type}`, cookie);
      expect(page.status, type).toBe(200);
      const card = liveCard(page.body);
      expect(card, type).toContain('Where it lives');
      // The live URL in a readonly field with a copy button.
      expect(card, type).toContain(`<input id="live-url" class="mono" readonly value="${e.url}"`);
      expect(card, type).toContain('data-copy="#live-url"');
      // The page it names is the one served.
      const served = await t.app.inject({ url: new URL(e.url).pathname, headers: { host: new URL(e.url).host } });
      expect(served.statusCode, `${type} page`).toBeLessThan(400);

      if (e.qr) {
        for (const [format, mime] of [['png', 'image/png'], ['svg', 'image/svg+xml']] as const) {
          const href = decode(new RegExp(`href="(/api/public/qr/sleepy/${e.qr}\\?format=${format}&amp;size=1024)"[^>]*download=`).exec(page.body)?.[1] ?? '');
          expect(href, `${type} ${format} link`).not.toBe('');
          const img = await t.app.inject({ url: href });
          expect(img.statusCode, `${type} ${format}`).toBe(200);
          expect(img.headers['content-type'], `${type} ${format}`).toContain(mime);
        }
      } else expect(card, type).not.toContain('/api/public/qr/');

      const embed = textareaOf(page.body, 'live-embed');
      if (e.embed) {
        expect(embed, type).toContain(`<iframe data-appflows src="${e.embed}"`);
        expect(embed, type).toContain('<script src="http://web.test/assets/embed.js" async></script>');
        expect((await t.app.inject({ url: new URL(e.embed).pathname })).statusCode, `${type} embed`).toBe(200);
      } else expect(page.body, type).not.toContain('id="live-embed"');

      const swift = textareaOf(page.body, 'live-swift');
      expect(swift, type).toContain('appSlug: "sleepy"');
      expect(swift, type).toContain('baseURL: URL(string: "http://api.test")!');
      // WEB_URL is not the SDK's derivation of BASE_URL: the snippet sets it.
      expect(swift, type).toContain('webBaseURL: URL(string: "http://web.test")!');
      expect(swift, type).toContain('urlScheme: "sleepy"');
      expect(swift, type).toContain(e.swift);
      // The hint names only the placeholders the snippet has (this app has its own scheme), and no repository file.
      expect(card, type).toContain(swift.includes('currentUser.id') ? "With the AppMate iOS SDK; replace currentUser.id with your user's id." : 'With the AppMate iOS SDK.');
      expect(card, type).not.toContain('docs/');
      if (e.embed) expect(card, type).toContain('Paste it into your site’s HTML where the form should appear');
    }

    // Legal also lists its other addresses; a secondary cancel flow opens at its own URL, with a QR code of that URL.
    const legal = liveCard((await t.page('/admin/apps/sleepy/flows/legal', cookie)).body);
    expect(legal).toContain('http://web.test/legal/sleepy/terms');
    expect(legal).toContain('http://web.test/legal/sleepy/app-store-privacy');
    const winback = await t.page('/admin/apps/sleepy/flows/cancel?flowSlug=winback', cookie);
    expect(liveCard(winback.body)).toContain('value="http://web.test/cancel/sleepy/winback"');
    const winbackQr = decode(/href="(\/api\/public\/qr\/sleepy\/cancel\?format=png&amp;size=1024&amp;flowSlug=winback)"[^>]*download=/.exec(winback.body)?.[1] ?? '');
    expect(winbackQr).not.toBe('');
    const winbackImg = await t.app.inject({ url: winbackQr });
    expect(winbackImg.statusCode).toBe(200);
    expect(decodePng(winbackImg.rawPayload).text).toBe('http://web.test/cancel/sleepy/winback');
    expect(textareaOf(winback.body, 'live-swift')).toContain('RetentionFlow.presentURL(URL(string: "http://web.test/cancel/sleepy/winback")!) { link in');

    // The app list: each live flow with its page.
    const list = decode((await t.page('/admin/apps', cookie)).body);
    for (const e of Object.values(expected)) expect(list).toContain(`href="${e.url}"`);
    expect(list).toContain('href="http://web.test/cancel/sleepy/winback"');
    expect(list).toContain('href="/admin/apps/sleepy/flows/cancel?flowSlug=winback"');
    // Every live flow's tab says where it lives too, above its own page; a tab whose flow is not live does not.
    for (const type of ['waitlist', 'feedback', 'wishlist', 'cancel']) {
      const tab = await t.page(`/admin/apps/sleepy/${type}`, cookie);
      expect(tab.status, type).toBe(200);
      expect(tab.body, type).toContain('<details class="live-strip">');
      expect(liveCard(tab.body), type).toContain(`<input id="live-url" class="mono" readonly value="${expected[type].url}"`);
      expect(tab.body, type).toContain(`href="/admin/apps/sleepy/flows/${type}"`);
      // The editor says once which version is live (its title bar), not again in the card.
      expect((await t.page(`/admin/apps/sleepy/flows/${type}`, cookie)).body.match(/>v\d+ live</g), type).toHaveLength(1);
      // And the way back: the editor links its flow's tab (what came in), which is there.
      const editor = await t.page(`/admin/apps/sleepy/flows/${type}`, cookie);
      expect(editor.body, type).toMatch(new RegExp(`<a href="/admin/apps/sleepy/${type}">[^<]+ tab: what came in</a>`));
    }
    expect((await t.page('/admin/apps/sleepy/report', cookie)).body).not.toContain('live-strip');
    // Nor does a tab that is no flow's.
    expect((await t.page('/admin/apps/sleepy/overview', cookie)).body).not.toContain('live-strip');
    // The legal tab shows the card once, open.
    const legalTab = await t.page('/admin/apps/sleepy/legal', cookie);
    expect(legalTab.body.match(/id="live-url"/g)).toHaveLength(1);
    expect(legalTab.body).not.toContain('live-strip');

    // And the app's own flow list.
    const settings = decode((await t.page('/admin/apps/sleepy', cookie)).body);
    for (const e of Object.values(expected)) expect(settings).toContain(`href="${e.url}"`);
  });

  it('before publishing the editor says where the page will live, and the app list that nothing is live', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Drafty', slug: 'drafty' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/flows/feedback`, headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify(goodFeedback()) });
    expect(put.statusCode).toBe(200);
    const { cookie } = await t.signIn();
    const card = liveCard((await t.page('/admin/apps/drafty/flows/feedback', cookie)).body);
    expect(card).toContain('Where it will live');
    expect(card).toContain('http://web.test/feedback/drafty');
    expect(card).not.toContain('live-url');
    expect(card).not.toContain('/api/public/qr/');
    // Not published: the QR route has nothing to encode yet.
    expect((await t.app.inject({ url: '/api/public/qr/drafty/feedback?format=png' })).statusCode).toBe(404);
    expect((await t.page('/admin/apps', cookie)).body).toContain('Nothing live yet');

    // Published from an app without a deep-link scheme: the snippet says myapp, and the hint says what to put there.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/feedback/publish`, headers: t.auth })).statusCode).toBe(200);
    const live = liveCard((await t.page('/admin/apps/drafty/flows/feedback', cookie)).body);
    expect(textareaOf(live, 'live-swift')).toContain('urlScheme: "myapp"');
    expect(live).toContain("With the AppMate iOS SDK; replace currentUser.id with your user's id, and myapp with your deep-link scheme (an app setting).");
  });

  it('legal and link page have tabs: where their pages live, or how to set them up', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Tabbed', slug: 'tabbed' });
    await putAndPublish(t, app.slug, 'legal', goodLegal());
    const { cookie } = await t.signIn();
    const overview = await t.page('/admin/apps/tabbed/overview', cookie);
    expect(overview.body).toContain('<a href="/admin/apps/tabbed/legal">Legal</a>');
    expect(overview.body).toContain('<a href="/admin/apps/tabbed/link-page">Link page</a>');

    const legal = await t.page('/admin/apps/tabbed/legal', cookie);
    expect(legal.status).toBe(200);
    expect(legal.body).toContain('<a href="/admin/apps/tabbed/legal" aria-current="page">Legal</a>');
    expect(liveCard(legal.body)).toContain('value="http://web.test/legal/tabbed"');
    expect(legal.body).toContain('href="/admin/apps/tabbed/flows/legal"');

    const link = await t.page('/admin/apps/tabbed/link-page', cookie);
    expect(link.status).toBe(200);
    expect(link.body).toContain('Not set up yet');
    expect(link.body).toContain('href="/admin/apps/tabbed/flows/link-page"');
    // Signed out: the tab is behind the sign-in like every dashboard page.
    expect((await t.app.inject({ url: '/admin/apps/tabbed/legal', headers: { accept: 'text/html' } })).statusCode).toBe(303);
  });
});
