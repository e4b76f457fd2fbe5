import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGS, type Locale, type MessageKey } from '../../src/kernel/i18n.js';
import { en as EN_MESSAGES } from '../../src/kernel/i18n/en.js';
import { startSession } from '../flows/cancel/cancel.pages.fixtures.js';
import { json, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { startFunnel } from '../flows/onboarding/onboarding.pages.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/** Issue #20 item 2 for the cancel, onboarding and referral pages: a German or Japanese page shows no English built-in word. */

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The words a person reads: text, and the attributes that show (placeholders, the script's messages). */
function readable(html: string): string {
  const attrs = [...html.matchAll(/\s(?:placeholder|data-msg-[a-z-]+|aria-label)="([^"]*)"/g)].map((m) => m[1]);
  const text = html.replace(/<[^>]*>/g, ' ');
  return [text, ...attrs].join('\n').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
}

/** Built-in words these pages use besides the steps' own (kernel/i18n.ts). */
const SHARED: MessageKey[] = ['optional', 'emailAddress', 'website', 'tooManyTitle', 'tooManyBody', 'formExpired'];
const KEYS = [...(Object.keys(EN_MESSAGES.steps) as MessageKey[]), ...SHARED];

/** Every English built-in word (the fixed parts around placeholders) that differs from `lang`'s and still shows. */
function englishLeft(html: string, lang: Locale): string[] {
  const words = readable(html);
  const left: string[] = [];
  for (const k of KEYS) {
    const en = CATALOGS.en[k];
    if (en === CATALOGS[lang][k]) continue;
    for (const piece of en.split(/\{\w+\}/).map((s) => s.trim())) {
      if (piece.length < 3) continue;
      const re = new RegExp(`(^|[^A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`);
      if (re.test(words)) left.push(`${k}: ${piece}`);
    }
  }
  return left;
}

/** On a Japanese page, Latin words of three letters or more are only the ones the test allows (names, hosts, codes). */
function latinWords(html: string, allowed: string[]): string[] {
  // Claim tokens (amob_…, amrf_…) and invite codes are codes, not words.
  let words = readable(html).replace(/am(ob|rf)_[A-Za-z0-9]+/g, ' ').replace(/\b[A-Z0-9]{4}-?[A-Z0-9]{4}\b/g, ' ');
  for (const a of allowed) words = words.replaceAll(a, ' ');
  return [...new Set(words.match(/[A-Za-z]{3,}/g) ?? [])];
}

const de = {
  cancel: {
    type: 'cancel',
    locale: 'de',
    // Empty titles and labels: the page's own words fill them.
    intro: { title: '', subtitle: 'Schade, dass du gehst.', primaryButton: '', secondaryButton: '' },
    reasonScreen: {
      title: '',
      subtitle: 'Wähle einen aus',
      reasons: [
        { id: 'teuer', label: 'Zu teuer' },
        { id: 'pause', label: 'Nur eine Pause' },
      ],
    },
    responses: { teuer: { title: 'Halber Preis?', body: 'Drei Monate zum halben Preis.', primaryButton: { label: 'Angebot holen', action: 'open_offer', offerId: 'halb' } } },
  },
  onboarding: {
    type: 'onboarding',
    locale: 'de',
    intro: { title: 'Besser schlafen', subtitle: 'Drei Fragen.', startLabel: 'Los' },
    steps: [
      { kind: 'question', id: 'ziel', prompt: 'Dein Ziel?', required: true, options: [{ id: 'schnell', label: 'Schneller einschlafen' }, { id: 'erholt', label: 'Erholt aufwachen' }] },
      { kind: 'info', id: 'wissen', title: 'Wissenschaftlich', body: 'Nach KVT-I.' },
      { kind: 'question', id: 'gewohnheiten', prompt: 'Deine Gewohnheiten?', selectMode: 'multi', options: [{ id: 'kaffee', label: 'Später Kaffee' }, { id: 'handy', label: 'Handy im Bett' }] },
      { kind: 'email_capture', id: 'mail', title: 'Wohin schicken wir deinen Plan?', required: false },
    ],
    handoff: { title: 'Dein Plan ist fertig', body: 'Öffne die App.', ctaLabel: 'App laden', appStoreUrl: 'https://apps.apple.com/app/id1444383602' },
  },
  referral: goodReferral({
    locale: 'de',
    landing: { title: 'Du wurdest eingeladen', subtitle: 'Eine Woche Pro geschenkt.', ctaLabel: 'Einladung annehmen', appStoreUrl: 'https://apps.apple.com/app/id1444383602', fallback: 'app_store' },
    rewards: { referrer: { amount: 2, unit: 'week' }, refereeEnabled: true, referee: { amount: 1, unit: 'week' }, refereeLabel: '1 Woche gratis' },
  }),
};

const ja = {
  cancel: {
    ...de.cancel,
    locale: 'ja',
    intro: { title: '', subtitle: '解約の前に少しだけ。', primaryButton: '', secondaryButton: '' },
    // Multi: no responses, straight to the thanks screen; an empty subtitle says "pick all".
    reasonScreen: { title: '', subtitle: '', selectMode: 'multi', reasons: [{ id: 'takai', label: '高すぎる' }, { id: 'kyuukei', label: 'ひと休み' }] },
    responses: {},
  },
  onboarding: {
    ...de.onboarding,
    locale: 'ja',
    intro: { title: 'ぐっすり眠ろう', subtitle: '3つの質問', startLabel: 'はじめる' },
    steps: [
      { kind: 'question', id: 'goal', prompt: '目標は?', required: true, options: [{ id: 'fast', label: '早く眠る' }, { id: 'rested', label: 'すっきり起きる' }] },
      { kind: 'info', id: 'note', title: '研究に基づく', body: 'CBT-Iに沿ったプラン。' },
      { kind: 'question', id: 'habits', prompt: '習慣は?', selectMode: 'multi', options: [{ id: 'coffee', label: '夜のコーヒー' }, { id: 'phone', label: 'ベッドでスマホ' }] },
      { kind: 'email_capture', id: 'mail', title: 'プランの送り先', required: false },
    ],
    // No store URL: the handoff says to copy the code and open the app.
    handoff: { title: '準備ができました', body: 'アプリを開いてください。', ctaLabel: 'アプリへ' },
  },
  referral: goodReferral({
    locale: 'ja',
    landing: { title: '招待が届いています', subtitle: 'Proを1週間無料で。', ctaLabel: '招待を受ける', appStoreUrl: 'https://apps.apple.com/app/id1444383602', fallback: 'app_store' },
    rewards: { referrer: { amount: 2, unit: 'week' }, refereeEnabled: true, referee: { amount: 1, unit: 'week' }, refereeLabel: '1週間無料' },
  }),
};

/** Names, hosts, codes and schemes a Japanese page may show in Latin letters. */
const JA_ALLOWED = ['Nemuri', 'App Store', 'Google Play', 'apps.apple.com', 'example.com', 'CBT-I', 'Pro', 'taro@', 'name@'];

describeEachDb('step pages and the invite page in the flow\'s language', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Schlummer', slug: 'schlummer', deepLinkScheme: 'schlummer' });
    await t.createApp({ name: 'Nemuri', slug: 'nemuri', deepLinkScheme: 'nemuri' });
    await t.createApp({ name: 'Plain', slug: 'plain' });
    for (const [slug, c] of [['schlummer', de], ['nemuri', ja]] as const) {
      await putAndPublish(t, slug, 'cancel', c.cancel);
      await putAndPublish(t, slug, 'onboarding', c.onboarding);
      await putAndPublish(t, slug, 'referral', c.referral);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
  /** Posts a screen's form with button `b` (its hidden fields go along); follows a 303. */
  async function press(page: LightMyRequestResponse, b: string, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams();
    for (const name of ['t', 'a', 'at']) {
      const v = field(page.body, name);
      if (v !== undefined) body.append(name, v);
    }
    body.append('b', b);
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const action = /<form method="post" action="([^"]*)"/.exec(page.body)![1];
    const r = await t.app.inject({ method: 'POST', url: action, headers: form, payload: body.toString() });
    return r.statusCode === 303 ? get(String(r.headers.location)) : r;
  }
  const lang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

  it('cancel in German: every screen, the message, the leaving pages', async () => {
    const s = await startSession(t, 'schlummer');
    const pages: LightMyRequestResponse[] = [];
    const intro = await get(s.path);
    pages.push(intro);
    expect(intro.body).toContain('<h1>Bevor du gehst</h1>');
    expect(intro.body).toMatch(/value="intro:primary" class="cx-btn">Weiter<\/button>/);
    expect(intro.body).toMatch(/value="intro:secondary" class="cx-btn secondary">Abo behalten<\/button>/);
    expect(intro.body).toContain('>Abo kündigen</button>');
    const reasons = await press(intro, 'intro:primary');
    pages.push(reasons);
    expect(reasons.body).toContain('<h1>Warum möchtest du kündigen?</h1>');
    expect(reasons.body).toMatch(/<span aria-hidden="true">‹<\/span>Zurück<\/a>/);
    const none = await press(reasons, 'reasons:continue');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Bitte wähle einen Grund.');
    pages.push(none);
    const response = await press(reasons, 'reasons:continue', { reason: 'teuer' });
    expect(response.body).toContain('<h1>Halber Preis?</h1>');
    pages.push(response);
    const thanks = await get(`${s.path}&step=thanks`);
    expect(thanks.body).toContain('<h1>Vielen Dank</h1>');
    expect(thanks.body).toContain('Deine Antwort hilft uns, Schlummer besser zu machen.');
    expect(thanks.body).toContain('>Zurück zur App</button>');
    pages.push(thanks);
    const leave = await press(intro, 'escape');
    expect(leave.body).toContain('<h1>Schlummer wird geöffnet…</h1>');
    expect(leave.body).toContain('Abo verwalten (App Store)');
    pages.push(leave, await press(thanks, 'thanks:return'));
    const forged = await press(intro, 'response:nope:primary');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Diese Schaltfläche gehört nicht zu diesem Ablauf.');
    pages.push(forged, await get(`${s.path}&step=nope`));
    for (const p of pages) {
      expect(lang(p.body)).toBe('de');
      expect(englishLeft(p.body, 'de'), p.body).toEqual([]);
    }
  });

  it('cancel in Japanese (multi select): every screen, no Latin word but names', async () => {
    const s = await startSession(t, 'nemuri');
    const intro = await get(s.path);
    const reasons = await press(intro, 'intro:primary');
    expect(reasons.body).toContain('当てはまるものをすべて選んでください。');
    const none = await press(reasons, 'reasons:continue');
    expect(none.body).toContain('理由を1つ以上選んでください。');
    const thanks = await press(reasons, 'reasons:continue', { reason: 'takai' });
    expect(thanks.body).toContain('<h1>ありがとうございました</h1>');
    const leave = await press(thanks, 'escape');
    expect(leave.body).toContain('<h1>Nemuriを開いています…</h1>');
    const back = await press(thanks, 'thanks:return');
    for (const p of [intro, reasons, none, thanks, leave, back]) {
      expect(lang(p.body)).toBe('ja');
      expect(englishLeft(p.body, 'ja')).toEqual([]);
      expect(latinWords(p.body, JA_ALLOWED)).toEqual([]);
    }
  });

  it('onboarding in German and Japanese: every step, the errors, the ends (in the app and on the web)', async () => {
    for (const [slug, l] of [['schlummer', 'de'], ['nemuri', 'ja']] as const) {
      const pages: LightMyRequestResponse[] = [];
      // In the app: the SDK's session, the app's scheme on file.
      const f = await startFunnel(t, slug);
      const intro = await get(f.path);
      const q1 = await press(intro, 'start');
      const missing = await press(q1, 'next');
      expect(missing.statusCode).toBe(422);
      const info = await press(q1, 'next', { o: l === 'de' ? 'schnell' : 'fast' });
      const q3 = await press(info, 'next');
      const email = await press(q3, 'skip');
      const bad = await press(email, 'next', { email: 'nope' });
      expect(bad.statusCode).toBe(422);
      const end = await press(email, 'skip');
      expect(end.body).toMatch(/<meta http-equiv="refresh"/);
      pages.push(intro, q1, missing, info, q3, email, bad, end);
      // On the web: the handoff.
      const w = await get(`/onboarding/${slug}`);
      let page = await get(String(w.headers.location));
      page = await press(page, 'start');
      page = await press(page, 'next', { o: l === 'de' ? 'schnell' : 'fast' });
      page = await press(page, 'next');
      page = await press(page, 'skip');
      const handoff = await press(page, 'skip');
      pages.push(handoff);
      for (const p of pages) {
        expect(lang(p.body), p.body).toBe(l);
        expect(englishLeft(p.body, l), p.body).toEqual([]);
        if (l === 'ja') expect(latinWords(p.body, JA_ALLOWED), p.body).toEqual([]);
      }
      if (l === 'de') {
        expect(q1.body).toContain('<span id="ob-progress">1 von 4</span>');
        expect(missing.body).toContain('Bitte wähle eine Antwort, um fortzufahren.');
        expect(q3.body).toContain('Wähle alles aus, was zutrifft.');
        expect(q3.body).toContain('>Überspringen</button>');
        expect(email.body).toContain('<label for="ob-email">E-Mail-Adresse<span class="hint"> (optional)</span></label>');
        expect(email.body).toContain('placeholder="du@beispiel.de"');
        expect(bad.body).toContain('Bitte gib eine gültige E-Mail-Adresse ein, z. B. name@example.com.');
        expect(end.body).toContain('Weiter in Schlummer');
        expect(handoff.body).toContain('Sobald Schlummer installiert ist, tippe auf dieser Seite auf „Schlummer öffnen“: Die App übernimmt deine Antworten.');
        expect(handoff.body).toContain('data-msg-copied="Code kopiert."');
      } else {
        expect(q1.body).toContain('<span id="ob-progress">1 / 4</span>');
        expect(handoff.body).toContain('>コードをコピー</button>');
        expect(handoff.body).toContain('「コードをコピー」をタップしてからNemuriを開いてください。');
      }
    }
  });

  it('the invite page in German and Japanese: landing, the claimed page, an expired form', async () => {
    for (const [slug, l] of [['schlummer', 'de'], ['nemuri', 'ja']] as const) {
      const code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: json, payload: JSON.stringify({ appSlug: slug, userId: 'alice' }) })).json().code;
      const landing = await get(`/r/${code}`);
      const token = field(landing.body, '_token')!;
      const claimed = await t.app.inject({ method: 'POST', url: `/r/${code}`, headers: form, payload: new URLSearchParams({ _token: token }).toString() });
      expect(claimed.statusCode).toBe(200);
      const expired = await t.app.inject({ method: 'POST', url: `/r/${code}`, headers: form, payload: '' });
      expect(expired.statusCode).toBe(403);
      for (const p of [landing, claimed, expired]) {
        expect(lang(p.body)).toBe(l);
        expect(englishLeft(p.body, l), p.body).toEqual([]);
        if (l === 'ja') expect(latinWords(p.body, JA_ALLOWED)).toEqual([]);
      }
      if (l === 'de') {
        expect(landing.body).toContain('Einladungscode <strong class="code">');
        expect(claimed.body).toContain('<label for="claim">Dein Einladungs-Token</label>');
        expect(claimed.body).toContain('>Schlummer öffnen</a>');
        expect(expired.body).toContain('Dieses Formular ist abgelaufen');
      } else {
        expect(claimed.body).toContain('>アプリを入手</a>');
      }
    }
  });

  it('owners replace any built-in word; a config without a locale stays English', async () => {
    await putAndPublish(t, 'schlummer', 'cancel', { ...de.cancel, strings: { cancelKeepPlan: 'Doch behalten', stepBack: 'Zurück zur Übersicht' } });
    await putAndPublish(t, 'schlummer', 'onboarding', { ...de.onboarding, strings: { onboardingSkip: 'Später' } });
    await putAndPublish(t, 'schlummer', 'referral', { ...de.referral, strings: { referralInviteCode: 'Dein Code' } });
    const s = await startSession(t, 'schlummer');
    const intro = await get(s.path);
    expect(intro.body).toMatch(/value="intro:secondary" class="cx-btn secondary">Doch behalten<\/button>/);
    expect((await press(intro, 'intro:primary')).body).toContain('Zurück zur Übersicht</a>');
    const f = await startFunnel(t, 'schlummer');
    let page = await press(await get(f.path), 'start');
    page = await press(page, 'next', { o: 'schnell' });
    page = await press(page, 'next');
    expect(page.body).toContain('>Später</button>');
    const code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: json, payload: JSON.stringify({ appSlug: 'schlummer', userId: 'bob' }) })).json().code;
    expect((await get(`/r/${code}`)).body).toContain('Dein Code <strong class="code">');

    // No locale: English, byte for byte as before, whatever the browser prefers.
    await putAndPublish(t, 'plain', 'cancel', { ...de.cancel, locale: undefined });
    const plain = await startSession(t, 'plain');
    const en = await get(plain.path, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(lang(en.body)).toBe('en');
    expect(en.body).toContain('<h1>Before you go</h1>');
    expect(en.body).toMatch(/value="intro:secondary" class="cx-btn secondary">Keep my plan<\/button>/);
  });

  it('pages without a config follow Accept-Language: expired links, unpublished flows, unknown invites', async () => {
    const de = { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' };
    const jaH = { 'accept-language': 'ja-JP' };
    const cases: [string, Record<string, string>, string, string][] = [
      ['/cancel/schlummer/s/nope?t=nope', de, 'de', 'Diese Kündigungsseite gibt es nicht oder nicht mehr.'],
      ['/cancel/unknown-app', jaH, 'ja', 'このページは存在しないか、まだ公開されていません。'],
      ['/onboarding/schlummer/s/nope?t=nope', de, 'de', 'Dieser Link ist abgelaufen'],
      ['/onboarding/unknown-app', de, 'de', 'Nicht verfügbar'],
      ['/r/ZZZZZZZZ', jaH, 'ja', '招待が見つかりません'],
      ['/r/ZZZZZZZZ', {}, 'en', 'Invite not found'],
    ];
    for (const [url, headers, l, words] of cases) {
      const r = await get(url, headers);
      expect(r.statusCode, url).toBe(404);
      expect(lang(r.body), url).toBe(l);
      expect(r.body, url).toContain(words);
      if (l !== 'en') expect(englishLeft(r.body, l as Locale), url).toEqual([]);
    }
  });

  it('refuses an unknown locale or string key on these flow types with 422 and the path', async () => {
    for (const [type, config] of [['cancel', de.cancel], ['onboarding', de.onboarding], ['referral', de.referral]] as const) {
      const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/schlummer/flows/${type}`, headers: t.auth, payload: { ...config, locale: 'xx' } });
      expect(bad.statusCode, type).toBe(422);
      expect(bad.json().issues[0].path, type).toBe('/locale');
      const key = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/schlummer/flows/${type}`, headers: t.auth, payload: { ...config, strings: { nope: 'x' } } });
      expect(key.statusCode, type).toBe(422);
      expect(key.json().issues[0].path, type).toMatch(/^\/strings/);
    }
  });
});
