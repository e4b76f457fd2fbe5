import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish, submit } from './forms.fixtures.js';

describeEachDb('public form API', (dialect) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { COUNTRY_HEADER: 'CF-IPCountry', PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Public <App>', logoUrl: 'https://cdn.example.org/logo.png' })).slug;
  });
  afterAll(() => t.close());

  const getConfig = (type: string, q: string) => t.app.inject({ method: 'GET', url: `/api/public/${type}?${q}`, headers: { accept: 'application/json' } });
  const rows = (type: string) => t.db.db.selectFrom('form_submissions').selectAll().where('type', '=', type).execute();

  it('404 while unpublished, for an unknown app, and on submit before publishing', async () => {
    for (const type of ['feedback', 'report', 'contact', 'waitlist']) {
      expect((await getConfig(type, `appSlug=${slug}`)).statusCode, type).toBe(404);
      expect((await getConfig(type, 'appSlug=nope')).statusCode, type).toBe(404);
    }
    expect((await submit(t, 'feedback', { appSlug: slug, message: 'hi', source: 'sdk' })).statusCode).toBe(404);
    expect((await getConfig('feedback', '')).statusCode).toBe(400);
    // A draft alone is not served.
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/feedback`, headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify(goodFeedback()) });
    expect((await getConfig('feedback', `appSlug=${slug}`)).statusCode).toBe(404);
  });

  it('serves the published envelope the SDK decodes', async () => {
    await putAndPublish(t, slug, 'feedback', goodFeedback());
    await putAndPublish(t, slug, 'report', goodReport());
    await putAndPublish(t, slug, 'contact', goodContact());
    for (const [type, config] of [['feedback', goodFeedback()], ['report', goodReport()], ['contact', goodContact()]] as const) {
      for (const q of [`appSlug=${slug}`, `appSlug=${slug}&flowSlug=${type}`, `appSlug=${slug}&flowSlug=Host_Label`]) {
        const r = await getConfig(type, q);
        expect(r.statusCode, `${type} ${q}`).toBe(200);
        expect(r.json()).toEqual({ flowSlug: type, app: { name: 'Public <App>', logoUrl: 'https://cdn.example.org/logo.png' }, config });
      }
    }
  });

  it('a publish on this node shows at once, whatever flowSlug the client sends; cached otherwise', async () => {
    const s2 = (await t.createApp({ name: 'Republish' })).slug;
    await putAndPublish(t, s2, 'feedback', goodFeedback());
    const title = async (q: string) => (await getConfig('feedback', `appSlug=${s2}${q}`)).json().config.intro.title;
    expect(await title('')).toBe(goodFeedback().intro.title);
    expect(await title('&flowSlug=Host_Label')).toBe(goodFeedback().intro.title);
    const v2 = goodFeedback();
    v2.intro.title = 'Second version';
    await putAndPublish(t, s2, 'feedback', v2);
    expect(await title('')).toBe('Second version');
    expect(await title('&flowSlug=Host_Label')).toBe('Second version');
    // Another node's publish (straight in the database) waits out the 1 s cache.
    const flow = await t.db.db.selectFrom('flows').select(['id', 'current_version_id']).where('type', '=', 'feedback').where('app_id', '=', (await t.db.db.selectFrom('apps').select('id').where('slug', '=', s2).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    await t.db.db.updateTable('flow_versions').set({ config_json: JSON.stringify({ ...v2, intro: { ...v2.intro, title: 'Third' }, type: 'feedback' }) }).where('id', '=', flow.current_version_id!).execute();
    expect(await title('')).toBe('Second version');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await title('')).toBe('Third');
  });

  it('omits absent optional keys instead of sending null', async () => {
    const bare = (await t.createApp({ name: 'Bare' })).slug;
    await putAndPublish(t, bare, 'contact', goodContact());
    const body = (await getConfig('contact', `appSlug=${bare}`)).body;
    expect(body).not.toContain('null');
    expect(JSON.parse(body).app).toEqual({ name: 'Bare' });
  });

  it('accepts the iOS SDK submit bodies byte for byte', async () => {
    // Swift JSONEncoder output: escaped slashes, unordered keys, optionals left out.
    const fb = `{"source":"sdk","message":"Love it, but sync\\/export is slow","appSlug":"${slug}","flowSlug":"feedback","rating":4,"email":"ann@example.com","attributes":{"plan":"Pro"}}`;
    const r1 = await t.app.inject({ method: 'POST', url: '/api/public/feedback', headers: { 'content-type': 'application/json', accept: 'application/json', 'cf-ipcountry': 'de', 'user-agent': 'MyApp/1.0 CFNetwork/1490 Darwin/23.2.0' }, payload: fb });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json()).toEqual({ ok: true, id: expect.any(String) });
    const rp = await t.app.inject({ method: 'POST', url: '/api/public/report', headers: { 'content-type': 'application/json' }, payload: `{"appSlug":"${slug}","flowSlug":"report","category":"bug","message":"Crashes on launch","source":"sdk"}` });
    expect(rp.statusCode, rp.body).toBe(201);
    const rc = await t.app.inject({ method: 'POST', url: '/api/public/contact', headers: { 'content-type': 'application/json' }, payload: `{"appSlug":"${slug}","name":"Ann","email":"ann@example.com","message":"Hello","source":"sdk"}` });
    expect(rc.statusCode, rc.body).toBe(201);

    const [f] = await rows('feedback');
    expect(f).toMatchObject({ id: r1.json().id, message: 'Love it, but sync/export is slow', rating: 4, email: 'ann@example.com', source: 'sdk', country: 'DE', user_agent: 'MyApp/1.0 CFNetwork/1490 Darwin/23.2.0' });
    expect(JSON.parse(f.attributes_json!)).toEqual({ plan: 'Pro' });
    expect((await rows('report'))[0]).toMatchObject({ category: 'bug', message: 'Crashes on launch', email: null, country: null });
    expect((await rows('contact'))[0]).toMatchObject({ name: 'Ann', email: 'ann@example.com', message: 'Hello' });
  });

  it('rejects invalid submissions: 422 with paths, 404 for unknown apps', async () => {
    const before = (await t.db.db.selectFrom('form_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['report', { appSlug: slug, category: 'spam', message: 'x' }, 422, '/category'],
      ['report', { appSlug: slug, message: 'x' }, 422, '/category'],
      ['report', { appSlug: 'nope', category: 'bug', message: 'x' }, 404],
      ['feedback', { appSlug: slug, message: '   ' }, 422, '/message'],
      ['feedback', { appSlug: slug }, 422, '/message'],
      ['feedback', { appSlug: slug, message: 'x', rating: 6 }, 422, '/rating'],
      ['feedback', { appSlug: slug, message: 'x', rating: 0 }, 422, '/rating'],
      ['feedback', { appSlug: slug, message: 'x', rating: 2.5 }, 422, '/rating'],
      ['feedback', { appSlug: slug, message: 'x', email: 'not-an-email' }, 422, '/email'],
      ['feedback', { appSlug: slug, message: 'x'.repeat(5001) }, 422, '/message'],
      ['feedback', { appSlug: slug, message: 'x', attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 422, '/attributes'],
      ['feedback', { appSlug: slug, message: 'x', attributes: { plan: 'x'.repeat(501) } }, 422, '/attributes/plan'],
      ['feedback', { appSlug: slug, message: 'x', type: 'report' }, 422, '/type'],
      ['feedback', { appSlug: 'nope', message: 'x' }, 404],
      ['contact', { appSlug: slug, name: 'Ann', message: 'no email' }, 422, '/email'],
      ['contact', { appSlug: slug, email: 'a@b.co' }, 422, '/message'],
      ['contact', { appSlug: slug }, 422, '/message'],
      ['contact', { appSlug: slug, name: 'x'.repeat(121), email: 'a@b.co', message: 'm' }, 422, '/name'],
    ];
    // Every required field that is missing, at once (goodContact requires email and message).
    const empty = await submit(t, 'contact', { appSlug: slug });
    expect(empty.json().issues.map((i: { path: string }) => i.path)).toEqual(['/email', '/message']);
    expect(empty.json().error).toBe('Invalid body: /email is required');
    for (const [type, body, status, path] of cases) {
      const r = await submit(t, type, body);
      expect(r.statusCode, `${type} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(r.json().error).toBeTypeOf('string');
      if (path) expect(r.json().issues.map((i: { path: string }) => i.path), `${type} ${path}`).toContain(path);
    }
    const after = (await t.db.db.selectFrom('form_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(after).toBe(before);
  });

  it('enforces required rating and custom fields from the published config', async () => {
    const cfg = { ...goodFeedback(), rating: { enabled: true, required: true }, fields: [{ id: 'tos', label: 'I agree', type: 'boolean', required: true }] };
    const other = (await t.createApp({ name: 'Strict' })).slug;
    await putAndPublish(t, other, 'feedback', cfg);
    expect((await submit(t, 'feedback', { appSlug: other, message: 'x', attributes: { tos: 'true' } })).json().issues[0].path).toBe('/rating');
    expect((await submit(t, 'feedback', { appSlug: other, message: 'x', rating: 5, attributes: { tos: 'false' } })).json().issues[0].path).toBe('/attributes/tos');
    expect((await submit(t, 'feedback', { appSlug: other, message: 'x', rating: 5, attributes: { tos: 'true' } })).statusCode).toBe(201);
  });

  it('a filled honeypot is answered as success and stores nothing', async () => {
    const before = (await rows('feedback')).length;
    const r = await submit(t, 'feedback', { appSlug: slug, message: 'buy pills', website: 'http://spam.example' });
    expect(r.statusCode).toBe(201);
    expect(r.json().ok).toBe(true);
    expect((await rows('feedback')).length).toBe(before);
  });

  it('refuses bodies over the submit limit with 413', async () => {
    const r = await submit(t, 'feedback', { appSlug: slug, message: 'x', padding: 'y'.repeat(70 * 1024) });
    expect(r.statusCode).toBe(413);
    expect(r.json().error).toMatch(/too large/);
  });

  it('waitlist: envelope with the count only from 3 signups, one signup per email per waitlist', async () => {
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    const env = () => getConfig('waitlist', `appSlug=${slug}`).then((r) => r.json());
    expect(await env()).toEqual({ flowSlug: 'waitlist', app: { name: 'Public <App>', logoUrl: 'https://cdn.example.org/logo.png' }, config: goodWaitlist() });

    const first = await submit(t, 'waitlist', { appSlug: slug, email: 'Bob@Example.com', source: 'landing', locale: 'en_US', platform: 'ios', appVersion: '1.2' }, { 'cf-ipcountry': 'FR' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ ok: true, id: expect.any(String), alreadySignedUp: false });
    const again = await submit(t, 'waitlist', { appSlug: slug, flowSlug: 'waitlist', email: ' bob@example.COM ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, alreadySignedUp: true });
    const stored = await t.db.db.selectFrom('waitlist_signups').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: first.json().id, email: 'Bob@Example.com', source: 'landing', country: 'FR', locale: 'en_US', platform: 'ios', app_version: '1.2' });

    expect((await env()).count).toBeUndefined();
    await submit(t, 'waitlist', { appSlug: slug, email: 'c@example.com' });
    expect((await env()).count).toBeUndefined();
    await submit(t, 'waitlist', { appSlug: slug, email: 'd@example.com' });
    expect((await env()).count).toBe(3);
  });

  it('waitlist: concurrent repeats of one email store one row', async () => {
    const rs = await Promise.all(Array.from({ length: 10 }, () => submit(t, 'waitlist', { appSlug: slug, email: 'race@example.com' })));
    expect(rs.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(9);
    const n = await t.db.db.selectFrom('waitlist_signups').select('id').where('email_normalized', '=', 'race@example.com').execute();
    expect(n).toHaveLength(1);
  });

  it('waitlist: secondaries by flowSlug; the same email may join each; errors', async () => {
    await putAndPublish(t, slug, 'waitlist', { ...goodWaitlist(), hero: undefined }, 'beta');
    expect((await getConfig('waitlist', `appSlug=${slug}&flowSlug=beta`)).json().flowSlug).toBe('beta');
    expect((await submit(t, 'waitlist', { appSlug: slug, flowSlug: 'beta', email: 'bob@example.com' })).statusCode).toBe(201);
    expect((await submit(t, 'waitlist', { appSlug: slug, flowSlug: 'gamma', email: 'bob@example.com' })).statusCode).toBe(404);
    expect((await submit(t, 'waitlist', { appSlug: 'nope', email: 'bob@example.com' })).statusCode).toBe(404);
    expect((await submit(t, 'waitlist', { appSlug: slug, email: 'nope' })).json().issues[0].path).toBe('/email');
    expect((await submit(t, 'waitlist', { appSlug: slug })).statusCode).toBe(422);
    expect((await submit(t, 'waitlist', { appSlug: slug, email: `${'a'.repeat(250)}@x.io` })).statusCode).toBe(422);
  });

  it('waitlist: an SDK signup\'s approximate place is kept rounded, with its geohash; half a place is a 422', async () => {
    const r = await submit(t, 'waitlist', { appSlug: slug, flowSlug: 'beta', email: 'geo@example.com', platform: 'ios', area: 'Berlin, DE', approxLat: 52.520008, approxLon: 13.404954 });
    expect(r.statusCode, r.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/waitlist/signups?flowSlug=beta&limit=200`, headers: t.auth });
    const row = list.json().signups.find((s: { email: string }) => s.email === 'geo@example.com');
    expect(row).toMatchObject({ area: 'Berlin, DE', approxLat: 52.52, approxLon: 13.4, geohash: 'u33db' });
    const plain = list.json().signups.find((s: { email: string }) => s.email === 'bob@example.com');
    expect(plain).toMatchObject({ area: null, approxLat: null, approxLon: null, geohash: null });

    const none = await submit(t, 'waitlist', { appSlug: slug, flowSlug: 'beta', email: 'nullgeo@example.com', approxLat: null, approxLon: null });
    expect(none.statusCode, none.body).toBe(201); // an SDK's null means no place
    const half = await submit(t, 'waitlist', { appSlug: slug, email: 'half@example.com', approxLat: 52.5 });
    expect(half.statusCode).toBe(422);
    expect(half.json().issues[0].path).toBe('/approxLon');
    for (const bad of [{ approxLat: 91, approxLon: 0 }, { approxLat: 0, approxLon: -180.5 }, { approxLat: '52', approxLon: '13' }, { area: 'x'.repeat(101) }]) {
      expect((await submit(t, 'waitlist', { appSlug: slug, email: 'bad-geo@example.com', ...bad })).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect(await t.db.db.selectFrom('waitlist_signups').select('id').where('email', 'in', ['half@example.com', 'bad-geo@example.com']).execute()).toEqual([]);
  });

  it('stores every acknowledged signup and submission under concurrency (group commit)', async () => {
    const n = 150;
    const signups = await Promise.all(Array.from({ length: n }, (_, i) => submit(t, 'waitlist', { appSlug: slug, flowSlug: 'beta', email: `bulk${i}@example.com` })));
    expect(signups.every((r) => r.statusCode === 201)).toBe(true);
    const feedback = await Promise.all(Array.from({ length: n }, (_, i) => submit(t, 'feedback', { appSlug: slug, message: `bulk ${i}` })));
    expect(feedback.every((r) => r.statusCode === 201)).toBe(true);
    const ids = new Set((await t.db.db.selectFrom('waitlist_signups').select('id').execute()).map((r) => r.id));
    for (const r of signups) expect(ids.has(r.json().id)).toBe(true);
    const fids = new Set((await rows('feedback')).map((r) => r.id));
    for (const r of feedback) expect(fids.has(r.json().id)).toBe(true);
  });

  it('a new publish reaches the public API within a second', async () => {
    const edited = { ...goodContact(), intro: { ...goodContact().intro, title: 'Edited' } };
    expect((await getConfig('contact', `appSlug=${slug}`)).json().config.intro.title).toBe('Contact us');
    await putAndPublish(t, slug, 'contact', edited);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await getConfig('contact', `appSlug=${slug}`)).json().config.intro.title).toBe('Edited');
  });
});
