import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodFeedback, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const LOGO = 'https://cdn.example/schlaf.png';
const html = { accept: 'text/html' };

/** The app's name and logo on the page, as the brand block shows them. */
const branded = (body: string) => body.includes('<div class="brand"><img src="https://cdn.example/schlaf.png"') && body.includes('<span>Schlafgut</span>');

describeEachDb('hosted 404 and 429 pages say whose page it is, in the visitor\'s language', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Schlafgut', slug: 'schlaf', logoUrl: LOGO });
    await t.createApp({ name: 'Board', slug: 'board', logoUrl: LOGO });
    await putAndPublish(t, 'board', 'wishlist', goodWishlist({ locale: 'ja' }));
    await putAndPublish(t, 'board', 'feedback', goodFeedback());
  });
  afterAll(() => t.close());

  it('a flow not published for an existing app: its name and logo, in German', async () => {
    for (const url of ['/feedback/schlaf', '/waitlist/schlaf', '/wishlist/schlaf', '/embed/wishlist/schlaf', '/p/schlaf']) {
      const r = await t.app.inject({ url, headers: { ...html, 'accept-language': 'de-DE,de;q=0.9' } });
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).toContain('<html lang="de">');
      expect(branded(r.body), url).toBe(true);
      expect(r.body, url).toContain('<title>');
      expect(r.body, url).toMatch(/Noch nicht verfügbar|Liste nicht gefunden/);
      expect(r.body, url).not.toMatch(/not found|not available|published yet/i);
      expect(r.body, url).toContain(`<link rel="icon" href="${LOGO}"/>`);
    }
  });

  it('legal pages of an existing app name it, without loading its logo from another origin', async () => {
    const r = await t.app.inject({ url: '/legal/schlaf', headers: { ...html, 'accept-language': 'fr' } });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('<html lang="fr">');
    expect(r.body).toContain('<span>Schlafgut</span>');
    expect(r.body).toContain('Introuvable');
    expect(r.body).not.toContain(LOGO);
  });

  it('an unknown idea on a Japanese board: the board\'s language and the app\'s brand', async () => {
    const r = await t.app.inject({ url: '/wishlist/board/ideas/idea_nope', headers: html });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('<html lang="ja">');
    expect(r.body).toContain('アイデアが見つかりません');
    expect(r.body).toContain(`<img src="${LOGO}"`);
    expect(r.body).toContain('<span>Board</span>');
  });

  it('an unknown app or page: no brand to show, the visitor\'s language, Vary: Accept-Language', async () => {
    const none = await t.app.inject({ url: '/feedback/nobody', headers: { ...html, 'accept-language': 'it' } });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain('<html lang="it">');
    expect(none.body).toContain('Non ancora disponibile');
    expect(none.body).not.toContain('class="brand"');
    const lost = await t.app.inject({ url: '/nothing/here/at/all', headers: { ...html, 'accept-language': 'es-MX,es;q=0.8' } });
    expect(lost.statusCode).toBe(404);
    expect(lost.body).toContain('<html lang="es">');
    expect(lost.body).toContain('Página no encontrada');
    expect(lost.headers.vary).toMatch(/Accept-Language/i);
    const ja = await t.app.inject({ url: '/wishlist/nobody', headers: { ...html, 'accept-language': 'ja' } });
    expect(ja.body).toContain('ページが見つかりません');
    // API clients keep their JSON.
    const api = await t.app.inject({ url: '/api/v1/nothing', headers: { accept: 'application/json' } });
    expect(api.json().error).toMatch(/not available on this server/);
  });
});

describeEachDb('the board\'s rate limit answers a page, not JSON', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1' } });
    await t.createApp({ name: 'Schlafgut', slug: 'schlaf', logoUrl: LOGO });
    await putAndPublish(t, 'schlaf', 'wishlist', goodWishlist({ locale: 'de' }));
  });
  afterAll(() => t.close());

  it('too many posts without JavaScript: a German 429 page with the app\'s brand', async () => {
    let last;
    for (let i = 0; i < 40; i++) {
      last = await t.app.inject({ method: 'POST', url: '/wishlist/schlaf/submit', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' }, payload: 'title=Hallo' });
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['content-type']).toMatch(/text\/html/);
    expect(last!.body).toContain('Zu viele Versuche');
    expect(branded(last!.body)).toBe(true);
  });
});
