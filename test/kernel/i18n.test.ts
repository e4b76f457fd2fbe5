import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES, negotiate, translator } from '../../src/kernel/i18n.js';
import { goodContact, goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describe('catalogs', () => {
  it('cover en, de, fr, es, it, pt-BR and ja, every key, with the same placeholders', () => {
    expect(LOCALES).toEqual(['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'ja']);
    const keys = Object.keys(CATALOGS.en).sort();
    for (const l of LOCALES) {
      expect(Object.keys(CATALOGS[l]).sort(), l).toEqual(keys);
      for (const k of keys) expect((CATALOGS[l] as Record<string, string>)[k].match(/\{\w+\}/g), `${l}.${k}`).toEqual((CATALOGS.en as Record<string, string>)[k].match(/\{\w+\}/g));
    }
  });

  it('owners override any word; Accept-Language picks a catalog', () => {
    expect(translator('de', { submit: 'Abschicken' })('submit')).toBe('Abschicken');
    expect(translator('de')('starsOf', { n: 3 })).toBe('3 von 5');
    expect(negotiate('pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(negotiate('ja-JP')).toBe('ja');
    expect(negotiate('sv-SE, da')).toBe('en');
    expect(negotiate(undefined)).toBe('en');
  });
});

describeEachDb('hosted forms in the flow\'s language', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Schlaf', slug: 'schlaf' });
    const de = { locale: 'de' };
    await putAndPublish(t, 'schlaf', 'feedback', {
      ...goodFeedback(),
      ...de,
      intro: { title: 'Deine Meinung', subtitle: 'Wir lesen alles.', messagePlaceholder: 'Was können wir besser machen?', submitLabel: 'Senden' },
      rating: { enabled: true, required: true },
      emailField: { enabled: true },
      success: { title: 'Danke!', body: 'Wir melden uns.' },
      fields: [{ id: 'plan', label: 'Dein Tarif', type: 'select', options: ['Free', 'Pro'] }],
    });
    await putAndPublish(t, 'schlaf', 'contact', { ...goodContact(), locale: 'fr', strings: { name: 'Votre prénom' } });
    await putAndPublish(t, 'schlaf', 'waitlist', { ...goodWaitlist(), locale: 'ja', hero: { showCount: true } });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json' }, payload: { appSlug: 'schlaf', email } });
    }
  });
  afterAll(() => t.close());

  it('a German page shows no English built-in word', async () => {
    const html = (await t.app.inject({ url: '/feedback/schlaf' })).body;
    expect(html).toContain('<html lang="de">');
    for (const word of ['(optional)', 'Bitte wählen…', '1 von 5', 'E-Mail', 'Dein Feedback', '(Pflichtfeld)']) expect(html, word).toContain(word);
    const used = ['optional', 'required', 'choose', 'email', 'yourFeedback', 'rateIt', 'starsOf', 'alreadyOnList', 'website', 'somethingWrong', 'tooManyBody'] as const;
    for (const k of used) {
      const english = CATALOGS.en[k].replace('{n}', '1');
      if (english !== (CATALOGS.de[k] as string).replace('{n}', '1')) expect(html, k).not.toContain(english);
    }
    // Errors too, in plain German words.
    const token = /name="_token" value="([^"]+)"/.exec(html)![1];
    const bad = await t.app.inject({ method: 'POST', url: '/feedback/schlaf', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _token: token, rating: '3', message: '', email: 'nope' }).toString() });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Bitte gib eine E-Mail-Adresse wie name@example.com ein.');
    expect(bad.body).toMatch(/Bitte prüfe (das markierte Feld|die 2 markierten Felder)\./);
    expect(bad.body).not.toContain('Please');
  });

  it('owner replacements win; the waitlist pill speaks Japanese', async () => {
    const fr = (await t.app.inject({ url: '/contact/schlaf' })).body;
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('Votre prénom');
    expect(fr).toContain('(facultatif)');
    const ja = (await t.app.inject({ url: '/waitlist/schlaf' })).body;
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toMatch(/<span data-count="3">3<\/span>人が登録中/);
  });

  it('a page with no config follows Accept-Language', async () => {
    const r = await t.app.inject({ url: '/report/schlaf', headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' } });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('<html lang="es">');
    expect(r.body).toContain('Aún no disponible');
  });

  it('refuses an unknown locale or string key with 422 and the path', async () => {
    const r1 = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/schlaf/flows/feedback', headers: t.auth, payload: { ...goodFeedback(), locale: 'xx' } });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().issues[0].path).toBe('/locale');
    const r2 = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/schlaf/flows/feedback', headers: t.auth, payload: { ...goodFeedback(), strings: { nope: 'x' } } });
    expect(r2.statusCode).toBe(422);
  });
});
