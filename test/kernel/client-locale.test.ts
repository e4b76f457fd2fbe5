import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLocale, localeLanguagePart } from '../../src/kernel/client-locale.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { json, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

// `Locale.current.identifier` on an iPhone set to English (US) with the Japanese calendar, Monday
// first and Japan as the region: 40 characters (issue #35 item 6; sessions refused anything over 35).
const ICU_40 = 'en_US@calendar=japanese;fw=mon;rg=jpzzzz';

describe('client locale: BCP 47 and ICU identifiers, kept as their language part', () => {
  it.each([
    [ICU_40, 'en_US'],
    ['ja_JP@calendar=japanese', 'ja_JP'],
    ['ja-JP-u-ca-japanese-fw-mon', 'ja-JP'],
    ['de', 'de'],
    ['pt_BR', 'pt_BR'],
    ['pt-BR', 'pt-BR'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['zh_Hans_CN@numbers=hanidec', 'zh_Hans_CN'],
    ['es-419', 'es-419'],
    ['en_US_POSIX', 'en_US'],
    ['en_US.UTF-8', 'en_US'],
    ['sr-Latn', 'sr-Latn'],
    ['en-x-private', 'en'],
    ['C', 'C'],
    ['@calendar=gregorian', ''],
  ])('%s -> %s', (identifier, part) => {
    expect(localeLanguagePart(identifier)).toBe(part);
  });

  it('accepts up to 100 characters (trimmed), refuses longer', () => {
    const long = `ja_JP@calendar=japanese;collation=unihan;currency=JPY;fw=mon;hours=h23;numbers=jpan;rg=jpzzzz;sd=jp13`.slice(0, 100);
    expect(long).toHaveLength(100);
    expect(clientLocale.parse(`  ${long}  `)).toBe('ja_JP');
    expect(clientLocale.safeParse(`${long}x`).success).toBe(false);
  });
});

describeEachDb('client locale: session starts and waitlist signups take ICU identifiers', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Locales', slug: 'locales', deepLinkScheme: 'locales' });
    await putAndPublish(t, 'locales', 'cancel', goodCancel());
    await putAndPublish(t, 'locales', 'onboarding', goodOnboarding());
    await putAndPublish(t, 'locales', 'waitlist', {
      type: 'waitlist',
      intro: { title: 'Join', subtitle: 'Soon.', emailPlaceholder: 'you@example.com', submitLabel: 'Join', legal: 'No spam.' },
      success: { title: 'In', body: 'Thanks.' },
    });
  });
  afterAll(() => t.close());

  const start = (path: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: path, headers: { ...json, accept: 'application/json' }, payload: JSON.stringify(body) });
  const session = (id: string) => t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a 40-character ICU locale starts a cancel session (stored as en_US) whose page opens', async () => {
    const r = await start('/api/public/sessions', { appSlug: 'locales', platform: 'ios', locale: ICU_40, appVersion: '1.0' });
    expect(r.statusCode, r.body).toBe(201);
    const { sessionId, flowUrl } = r.json();
    expect(await session(sessionId)).toMatchObject({ flow_type: 'cancel', locale: 'en_US' });
    const page = await t.app.inject({ method: 'GET', url: new URL(flowUrl).pathname + new URL(flowUrl).search });
    expect(page.statusCode).toBe(200);
    // The owner's session export shows the language part.
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/apps/locales/cancel/sessions.csv', headers: t.auth });
    expect(csv.body).toContain('"en_US"');
    expect(csv.body).not.toContain('calendar=');
  });

  it('ja_JP@calendar=japanese starts an onboarding session (stored as ja_JP); over 100 characters is a 422 on /locale', async () => {
    const r = await start('/api/public/onboarding/sessions', { appSlug: 'locales', platform: 'ios', locale: 'ja_JP@calendar=japanese' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await session(r.json().sessionId)).toMatchObject({ flow_type: 'onboarding', locale: 'ja_JP' });
    const page = await t.app.inject({ method: 'GET', url: new URL(r.json().flowUrl).pathname + new URL(r.json().flowUrl).search });
    expect(page.statusCode).toBe(200);
    for (const path of ['/api/public/sessions', '/api/public/onboarding/sessions']) {
      const long = await start(path, { appSlug: 'locales', platform: 'ios', locale: `ja_JP@${'x'.repeat(95)}` });
      expect(long.statusCode, path).toBe(422);
      expect(long.json().issues.map((i: { path: string }) => i.path)).toEqual(['/locale']);
    }
  });

  it('a waitlist signup takes the same identifiers and stores the language part', async () => {
    const r = await submit(t, 'waitlist', { appSlug: 'locales', email: 'icu@example.com', locale: ICU_40, platform: 'ios' });
    expect(r.statusCode, r.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/locales/waitlist/signups', headers: t.auth })).json();
    expect(list.signups[0]).toMatchObject({ email: 'icu@example.com', locale: 'en_US' });
    expect((await submit(t, 'waitlist', { appSlug: 'locales', email: 'long@example.com', locale: 'x'.repeat(101) })).statusCode).toBe(422);
  });
});
