import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json } from '../forms/forms.fixtures.js';
import { en } from '../../../src/flows/legal/text/en.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_EDITION } from '../../../src/flows/legal/text/index.js';
import { lawEn } from '../../../src/flows/legal/text/law.en.js';
import { goodLegal } from './legal.fixtures.js';
import { wide } from './legal.text.fixtures.js';

describeEachDb('legal text editions and languages', (dialect) => {
  let t: TestApp;
  const owner = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    t.app.inject({ method, url: `/api/v1/apps/${url}`, headers: body === undefined ? t.auth : { ...t.auth, ...json }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  const publish = async (slug: string, config: unknown) => {
    expect((await owner('PUT', `${slug}/flows/legal`, config)).statusCode).toBe(200);
    const r = await owner('POST', `${slug}/flows/legal/publish`);
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const versionRow = async (slug: string, n: number) => {
    const app = await t.app.services.apps.resolvePublic(slug);
    return t.db.db
      .selectFrom('flow_versions as v')
      .innerJoin('flows as f', 'f.id', 'v.flow_id')
      .select(['v.id', 'v.config_json'])
      .where('f.type', '=', 'legal')
      .where('v.version_number', '=', n)
      .where('f.app_id', '=', app.id)
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await testApp(dialect);
    await t.createApp({ name: 'Sleepy', slug: 'sleepy' });
    await t.createApp({ name: 'Schlafig', slug: 'schlafig' });
  });
  afterAll(async () => {
    delete (LEGAL_TEXTS as Record<string, unknown>).de;
    delete LAW_TEXTS.de;
    await t?.close();
  });

  it('publish freezes the text’s language and edition; a version without them renders as published before editions', async () => {
    await publish('sleepy', goodLegal({ entity: { name: 'Sleepy Labs GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany', region: 'Berlin' } }));
    const row = await versionRow('sleepy', 1);
    const stored = JSON.parse(row.config_json);
    // One stamp: the language and the edition (legal.edition.ts); no `model` or `text` any more.
    expect(stored.frozen).toMatchObject({ lang: 'en', edition: TEXT_EDITION });
    expect(stored.frozen.model).toBeUndefined();
    expect(stored.frozen.text).toBeUndefined();
    const now = await page('/legal/sleepy');
    expect(now).toContain('<article class="doc-body" lang="en">');
    expect(now).toContain('Legal bases');
    expect(now).toContain('https://www.datenschutz-berlin.de');

    // A version stored before editions existed: only the model's revision. It renders as it was published: no law sections, the old rights paragraph.
    delete stored.frozen.edition;
    delete stored.frozen.lang;
    stored.frozen.model = 1;
    await t.db.db.updateTable('flow_versions').set({ config_json: JSON.stringify(stored) }).where('id', '=', row.id).execute();
    await owner('PUT', 'sleepy/flows/legal', goodLegal({ entity: { name: 'Sleepy Labs GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany' } }));
    await owner('POST', 'sleepy/flows/legal/publish');
    const old = article(await page('/legal/sleepy/v/1'));
    expect(old).not.toContain('Legal bases');
    expect(old).not.toContain('GDPR');
    expect(old).toContain('You may also complain to the data protection authority where you live or in Germany.');
    expect(old).toContain('we answer within 30 days');
    expect(article(await page('/legal/sleepy/v/2'))).toContain('Legal bases');
  });

  it('one stamp: a version stored with the two old stamps (frozen.model, frozen.text) renders the same bytes as its edition', async () => {
    await t.createApp({ name: 'Stamped', slug: 'stamped' });
    await publish('stamped', goodLegal({
      entity: { name: 'Stamped SAS', contactEmail: 'privacy@stamped.example', jurisdiction: 'France' },
      processors: [{ id: 'firebase' }, { id: 'superwall' }, { id: 'posthog' }],
      platformData: ['location'],
      declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
      audience: ['worldwide'],
    }));
    const row = await versionRow('stamped', 1);
    const stored = JSON.parse(row.config_json);
    const store = async (frozen: Record<string, unknown>) => {
      const { edition: _e, lang: _l, model: _m, text: _t, ...rest } = stored.frozen;
      await t.db.db.updateTable('flow_versions').set({ config_json: JSON.stringify({ ...stored, frozen: { ...rest, ...frozen } }) }).where('id', '=', row.id).execute();
    };
    const get = async (path: string, accept: string) => (await t.app.inject({ method: 'GET', url: `/legal/stamped/v/1${path}`, headers: { accept } })).body;
    const render = async () => Promise.all([get('', 'text/html'), get('/terms', 'text/html'), get('/app-store-privacy', 'application/json'), get('/play-data-safety', 'application/json')]);
    // Each old shape against the one stamp it maps to: what releases before the single stamp wrote.
    const shapes: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ model: 1, text: { lang: 'en', edition: 2 } }, { lang: 'en', edition: 2 }],
      [{ model: 1 }, { lang: 'en', edition: 1 }],
      [{}, { lang: 'en', edition: 0 }],
    ];
    const seen = new Set<string>();
    for (const [old, now] of shapes) {
      await store(old);
      const before = await render();
      await store(now);
      expect(await render()).toEqual(before);
      seen.add(before.join('\n'));
    }
    // The three editions do differ here (law sections; the model's exact on-device wording), so the comparison can fail.
    expect(seen.size).toBe(3);
  });

  it('a version of edition 2 renders the edition-2 sentences; new versions get edition 3 (#36: FADP, COPPA, crash reporting)', async () => {
    await t.createApp({ name: 'Kinder', slug: 'kinder' });
    const swissKids = goodLegal({ entity: { name: 'Kinder AG', contactEmail: 'privacy@kinder.example', jurisdiction: 'Switzerland' }, audience: ['us'], childrenDirected: true });
    await publish('kinder', swissKids);
    const row = await versionRow('kinder', 1);
    const stored = JSON.parse(row.config_json);
    expect(stored.frozen).toMatchObject({ lang: 'en', edition: 3 });
    const now = article(await page('/legal/kinder'));
    expect(now).toContain('Purposes of processing');
    expect(now).toContain('we obtain verifiable parental consent before we collect');
    expect(now).not.toContain('as the Swiss Federal Act on Data Protection allows');

    // The same version as if published with edition 2: its sentences, exactly as they were.
    stored.frozen.edition = 2;
    await t.db.db.updateTable('flow_versions').set({ config_json: JSON.stringify(stored) }).where('id', '=', row.id).execute();
    await publish('kinder', swissKids);
    const old = article(await page('/legal/kinder/v/1'));
    expect(old).toContain('Legal bases');
    expect(old).toContain('GDPR, as the Swiss Federal Act on Data Protection allows');
    expect(old).toContain('Making the app work: performing our contract');
    expect(old).toContain('we collect personal information from a child under 13 only after a parent has given verifiable consent');
    expect(old).not.toContain('Purposes of processing');
    expect(old).not.toContain('crashes');
    expect(article(await page('/legal/kinder/v/2'))).toContain('Purposes of processing');
  });

  it('a translated language: chosen by the app’s locale, frozen, lang attribute, no “in English” notice; English prevails when the owner says so', async () => {
    // A stand-in translation for `de` (the real one comes from the translators): English in full-width letters.
    (LEGAL_TEXTS as Record<string, unknown>).de = { ...wide(en), lang: 'de' };
    LAW_TEXTS.de = wide(lawEn);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/apps/schlafig', headers: { ...t.auth, ...json }, payload: JSON.stringify({ locale: 'de' }) })).statusCode).toBe(200);
    await publish('schlafig', goodLegal({ englishAuthoritative: true }));
    expect(JSON.parse((await versionRow('schlafig', 1)).config_json).frozen).toMatchObject({ lang: 'de', edition: TEXT_EDITION });
    const de = await page('/legal/schlafig');
    expect(de).toContain('<article class="doc-body" lang="de">');
    expect(article(de)).not.toContain('Who is responsible');
    expect(article(de)).toContain('<a href="?lang=en">');
    const english = await page('/legal/schlafig?lang=en');
    expect(english).toContain('<article class="doc-body" lang="en">');
    expect(article(english)).toContain('Who is responsible');
    expect(article(english)).not.toContain('?lang=en');
    // Without a translation the text stays English, and a German reader is told so (the frame's notice).
    delete (LEGAL_TEXTS as Record<string, unknown>).de;
    delete LAW_TEXTS.de;
    await publish('schlafig', goodLegal());
    expect(JSON.parse((await versionRow('schlafig', 2)).config_json).frozen.lang).toBe('en');
    expect(await page('/legal/schlafig')).toContain('<article class="doc-body" lang="en">');
  });
});
