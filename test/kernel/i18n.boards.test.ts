import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS, type Locale } from '../../src/kernel/i18n.js';
import { relativeTime } from '../../src/kernel/i18n.format.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/** What a reader sees or hears: text, and the attributes browsers show or read out. */
function readable(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, (tag) => {
      const said = [...tag.matchAll(/\s(?:aria-label|title|placeholder|alt|content|data-one|data-other|data-vote-for|data-unvote-for)="([^"]*)"/g)].map((m) => m[1]);
      // Templates wishlist.js fills in: their placeholders are not words on the page.
      return ` ${said.join(' ').replace(/\{\w+\}/g, ' ')} `;
    })
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
}

/**
 * Every English catalog word that differs in `locale` and shows up in the page as a whole word:
 * a built-in string left untranslated. Placeholders split a message into the fragments checked.
 */
function englishLeft(html: string, locale: Locale, only?: (key: string) => boolean): string[] {
  const text = readable(html);
  const en = CATALOGS.en as Record<string, string>;
  const other = CATALOGS[locale] as Record<string, string>;
  const left: string[] = [];
  for (const [key, value] of Object.entries(en)) {
    if (only && !only(key)) continue;
    if (value === other[key]) continue;
    for (const fragment of value.split(/\{\w+\}/).map((f) => f.trim().replace(/^[:()←→·]+|[:()←→·]+$/g, '').trim())) {
      if (fragment.length < 3 || other[key].includes(fragment)) continue;
      const escaped = fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`(?<![\\p{L}\\-])${escaped}(?![\\p{L}\\-])`, 'u').test(text)) left.push(`${key}: ${fragment}`);
    }
  }
  return left;
}

describe('relative dates', () => {
  it('use the largest whole unit in the page language', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'de')).toBe('vor 3 Tagen');
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'ja')).toBe('3 日前');
    expect(relativeTime('2026-11-24T12:00:00Z', now, 'fr')).toBe('hier');
    expect(relativeTime('2026-11-25T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-09-20T12:00:00Z', now, 'es')).toBe('hace 2 meses');
    expect(relativeTime('2024-10-01T12:00:00Z', now, 'pt-BR')).toBe('há 2 anos');
  });
});

describeEachDb('boards, legal pages and link pages in the flow\'s language', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  const clock = { now: () => now };
  const ideaIds: Record<string, string> = {};

  const board = (lang: 'de' | 'ja', over: Record<string, unknown> = {}) => ({
    type: 'wishlist',
    intro: lang === 'de' ? { title: 'Was sollen wir bauen?', subtitle: 'Stimm für deine Favoriten.', submitLabel: '' } : { title: '次に何を作りましょう?', subtitle: '欲しい機能に投票してください。', submitLabel: '' },
    categories: [{ id: 'feature', label: lang === 'de' ? 'Funktion' : '機能' }],
    success: lang === 'de' ? { title: 'Danke!', body: 'Wir lesen alles.' } : { title: 'ありがとうございます', body: 'すべて拝見します。' },
    identity: { mode: 'email' },
    locale: lang,
    ...over,
  });

  beforeAll(async () => {
    t = await testApp(dialect, { clock, env: { PUBLIC_RATE_LIMIT: '100000' } });
    for (const [slug, name] of [
      ['brett', 'Schlafgut'],
      ['ita', 'ネムリ'],
    ] as const) {
      await t.createApp({ name, slug, logoUrl: `https://cdn.example/${slug}.png` });
    }
    await putAndPublish(t, 'brett', 'wishlist', board('de', { strings: { wlSortTop: 'Am meisten gewünscht' } }));
    await putAndPublish(t, 'ita', 'wishlist', board('ja'));
    for (const slug of ['brett', 'ita']) {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/wishlist/ideas`, headers: t.auth, payload: { title: 'Dunkelmodus', body: 'Für die Nacht.' } });
      expect(r.statusCode, r.body).toBe(201);
      ideaIds[slug] = r.json().idea.id;
      const c = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/wishlist/ideas/${ideaIds[slug]}/comments`, headers: t.auth, payload: { body: 'Kommt bald.' } });
      expect(c.statusCode, c.body).toBe(201);
    }
    // Three days later, the board says when.
    now = new Date('2026-11-23T09:00:00Z');
    await putAndPublish(t, 'brett', 'legal', goodLegal({ locale: 'de', strings: { lgTerms: 'AGB' } }));
    await putAndPublish(t, 'ita', 'legal', goodLegal({ locale: 'ja' }));
    // The owner's own labels in German (an English "Email us" would be the owner's word, not a built-in one).
    await putAndPublish(t, 'brett', 'link-page', goodLinkPage({ locale: 'de', hero: undefined, iconLinks: [{ icon: 'email', label: 'Schreib uns', url: 'mailto:hallo@sleepy.example' }] }));
    await putAndPublish(t, 'ita', 'link-page', goodLinkPage({ locale: 'ja', hero: undefined, legal: '© 2026 Sleepy Labs', iconLinks: [{ icon: 'email', label: 'お問い合わせ', url: 'mailto:hallo@sleepy.example' }] }));
  });
  afterAll(() => t.close());

  it('the German board: lang, German words throughout, the owner\'s word wins, dates relative', async () => {
    for (const url of ['/wishlist/brett', '/wishlist/brett?view=roadmap', '/embed/wishlist/brett?compact=1', `/wishlist/brett/ideas/${ideaIds.brett}`]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<html lang="de">');
      expect(englishLeft(r.body, 'de'), url).toEqual([]);
    }
    const html = (await t.app.inject({ url: '/wishlist/brett' })).body;
    for (const word of ['Idee vorschlagen', 'Ideen durchsuchen', 'Am meisten gewünscht', '>Neu<', '1 Kommentar', 'Dein Name', '(optional)', 'Titel']) expect(html, word).toContain(word);
    expect(html).not.toContain('>Beliebt<');
    // The vote button's name and the words wishlist.js relabels it with.
    expect(html).toContain('aria-label="0 Stimmen: für „Dunkelmodus“ stimmen"');
    expect(html).toContain('data-one="{n} Stimme"');
    // Relative date, the absolute one in the title, the machine one in datetime.
    expect(html).toMatch(/<time class="muted small" datetime="2026-11-20T09:00:00\.\d+Z" title="20\. November 2026 um 09:00 UTC">vor 3 Tagen<\/time>/);
    const idea = (await t.app.inject({ url: `/wishlist/brett/ideas/${ideaIds.brett}` })).body;
    expect(idea).toContain('>vor 3 Tagen</time>');
    expect(idea).toContain('Kommentar schreiben');
    // Errors of a post without JavaScript speak German too.
    const token = /name="_token" value="([^"]+)"/.exec(html)![1];
    const bad = await t.app.inject({ method: 'POST', url: '/wishlist/brett/submit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _token: token, title: '', email: 'a@example.com' }).toString() });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Bitte gib deiner Idee einen Titel (bis zu 120 Zeichen).');
    expect(englishLeft(bad.body, 'de')).toEqual([]);
    const expired = await t.app.inject({ method: 'POST', url: '/wishlist/brett/submit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'title=x&_token=forged' });
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain(CATALOGS.de.formExpired);
  });

  it('the Japanese board: lang, Japanese words, no English', async () => {
    for (const url of ['/wishlist/ita', '/wishlist/ita?view=roadmap', `/wishlist/ita/ideas/${ideaIds.ita}`]) {
      const r = await t.app.inject({ url });
      expect(r.body, url).toContain('<html lang="ja">');
      expect(englishLeft(r.body, 'ja'), url).toEqual([]);
    }
    const html = (await t.app.inject({ url: '/wishlist/ita' })).body;
    for (const word of ['アイデアを投稿', '人気順', '新着順', 'コメント1件', '>3 日前</time>', 'aria-label="0票:「Dunkelmodus」に投票する"']) expect(html, word).toContain(word);
  });

  it('legal pages: the frame in German and Japanese, the owner\'s word wins, an untranslated policy text marked as English, a translated one in the page\'s language', async () => {
    for (const [slug, locale] of [
      ['brett', 'de'],
      ['ita', 'ja'],
    ] as const) {
      for (const path of ['', '/terms', '/app-store-privacy?format=html', '/play-data-safety?format=html']) {
        const r = await t.app.inject({ url: `/legal/${slug}${path}` });
        expect(r.statusCode, path).toBe(200);
        expect(r.body, path).toContain(`<html lang="${locale}">`);
        // Generated text with no translation yet is English, in an element that says so.
        const frame = r.body.replace(/<article class="doc-body" lang="en">[\s\S]*?<\/article>/, '');
        // The declarations' data types are the stores' own English names: only the frame's words are checked there.
        expect(englishLeft(frame, locale, path.includes('format') ? (k) => k.startsWith('lg') : undefined), `${slug}${path}`).toEqual([]);
      }
    }
    const de = (await t.app.inject({ url: '/legal/brett' })).body;
    for (const word of ['Datenschutzerklärung', '>AGB<', 'Versionsverlauf', 'Gültig ab <time datetime="2026-11-23">23. November 2026</time>', '<article class="doc-body" lang="de">', '<h2 id="rights-h">Ihre Rechte</h2>']) expect(de, word).toContain(word);
    expect(de).not.toContain('Der folgende Text ist auf Englisch.');
    const ja = (await t.app.inject({ url: '/legal/ita/terms' })).body;
    expect(ja).toContain('<time datetime="2026-11-23">2026年11月23日</time>施行');
    // Japanese has both parts translated (text/ja.ts, text/law.ja.ts): no English notice, the text is Japanese.
    expect(ja).not.toContain('以下の本文は英語です。');
    expect(ja).toContain('<article class="doc-body" lang="ja">');
    expect(ja).toContain('<h2 id="law-h">準拠法</h2>');
  });

  it('link pages: lang and their few words', async () => {
    const de = (await t.app.inject({ url: '/p/brett' })).body;
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('aria-label="Profile"');
    expect(englishLeft(de, 'de')).toEqual([]);
    const ja = (await t.app.inject({ url: '/p/ita' })).body;
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('aria-label="プロフィール"');
    expect(ja).toContain('aria-label="リンク"');
    expect(englishLeft(ja, 'ja')).toEqual([]);
    // A dead slot of a German page answers in German, with the app's name.
    const gone = await t.app.inject({ url: '/p/brett/go/1/l24' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Link nicht gefunden');
    expect(gone.body).toContain('Schlafgut');
  });

  it('refuses a board string key that does not exist, with 422 and the path', async () => {
    const r = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/brett/flows/wishlist', headers: t.auth, payload: board('de', { strings: { wlNope: 'x' } }) });
    expect(r.statusCode).toBe(422);
    expect(r.json().issues[0].path).toMatch(/^\/strings/);
    const r2 = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/brett/flows/link-page', headers: t.auth, payload: goodLinkPage({ locale: 'klingon' }) });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().issues[0].path).toBe('/locale');
  });
});
