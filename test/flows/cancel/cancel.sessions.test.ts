import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodCancel } from '../cancel.fixtures.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';

/** The iOS SDK's `startCancelFlow` (WIRE B.1 #1, B.2 StartRequest/StartResponse, D.2-3). */
describeEachDb('cancel sessions: POST /api/public/sessions', (dialect) => {
  let t: TestApp;
  let slug: string;
  const IP = '203.0.113.77';
  beforeAll(async () => {
    t = await testApp(dialect, { env: { COUNTRY_HEADER: 'CF-IPCountry', PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Sessions', deepLinkScheme: 'myapp' })).slug;
    await putAndPublish(t, slug, 'cancel', goodCancel());
  });
  afterAll(() => t.close());

  /** A raw body, byte for byte as the client sent it. */
  const start = (payload: string, headers: Record<string, string> = {}, remoteAddress = IP) =>
    t.app.inject({ method: 'POST', url: '/api/public/sessions', remoteAddress, headers: { ...json, accept: 'application/json', ...headers }, payload });
  const row = (id: string) => t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async () => Number((await t.db.db.selectFrom('flow_sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const appId = async (s: string) => (await t.db.db.selectFrom('apps').select('id').where('slug', '=', s).executeTakeFirstOrThrow()).id;

  /** StartResponse as the SDK decodes it: three strings, flowUrl absolute under WEB_URL and carrying the session. */
  function expectStartResponse(r: Awaited<ReturnType<typeof start>>) {
    expect(r.statusCode, r.body).toBe(201);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const b = r.json();
    expect(b).toEqual({ sessionId: expect.any(String), token: expect.any(String), flowUrl: expect.any(String) });
    expect(b.sessionId.length).toBeGreaterThan(0);
    expect(b.token.length).toBeGreaterThanOrEqual(16);
    const url = new URL(b.flowUrl);
    expect(url.origin).toBe('http://web.test');
    expect(b.flowUrl.startsWith(`${t.config.webUrl}/`)).toBe(true);
    expect(b.flowUrl).toContain(b.sessionId);
    expect(b.flowUrl).toContain(b.token);
    return b as { sessionId: string; token: string; flowUrl: string };
  }

  it('minimal body {appSlug, platform:"ios"}: 201 StartResponse; the row is an sdk session with every optional null', async () => {
    const b = expectStartResponse(await start(`{"appSlug":"${slug}","platform":"ios"}`));
    const r = await row(b.sessionId);
    expect(r).toMatchObject({
      app_id: await appId(slug),
      version_number: 1,
      token: b.token,
      source: 'sdk',
      platform: 'ios',
      user_id: null,
      anonymous_id: null,
      locale: null,
      app_version: null,
      attributes_json: null,
      country: null,
    });
    expect(Date.parse(r.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('every optional, as Swift JSONEncoder writes them (unordered keys, \\/ escapes, nulls inside attributes): all kept', async () => {
    // Key order is not fixed; "/" may arrive as "\/"; nil optionals outside attributes are left out.
    const payload =
      '{"attributes":{"plan":"pro\\/yearly","trialDays":14,"ltv":42.5,"churnRisk":0.125,"isTrial":false,"beta":true,"coupon":null,' +
      '"tags":["a","b\\/c",1,2.5,true,null,{"k":"v"},[]],"nested":{"deep":{"deeper":[1,{"x":null}]},"empty":{}},"big":9007199254740991,"neg":-3,"unicode":"h\\u00e9llo \\ud83d\\ude00"},' +
      `"locale":"en_US","appVersion":"2.3.1","platform":"ios","anonymousId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","userId":"user\\/42","appSlug":"${slug}"}`;
    const b = expectStartResponse(await start(payload, { 'cf-ipcountry': 'de', 'user-agent': 'MyApp/2.3.1 CFNetwork/1490.0.4 Darwin/23.2.0' }));
    const r = await row(b.sessionId);
    expect(r).toMatchObject({ platform: 'ios', source: 'sdk', user_id: 'user/42', anonymous_id: '6F9619FF-8B86-D011-B42D-00C04FC964FF', locale: 'en_US', app_version: '2.3.1', country: 'DE' });
    expect(JSON.parse(r.attributes_json!)).toEqual({
      plan: 'pro/yearly',
      trialDays: 14,
      ltv: 42.5,
      churnRisk: 0.125,
      isTrial: false,
      beta: true,
      coupon: null,
      tags: ['a', 'b/c', 1, 2.5, true, null, { k: 'v' }, []],
      nested: { deep: { deeper: [1, { x: null }] }, empty: {} },
      big: 9007199254740991,
      neg: -3,
      unicode: 'héllo 😀',
    });
  });

  it('some optionals missing, explicit nulls and unknown extra keys: accepted, the unknown keys ignored', async () => {
    const b1 = expectStartResponse(await start(`{"platform":"ios","appSlug":"${slug}","anonymousId":"anon-1","locale":"pt_BR"}`));
    expect(await row(b1.sessionId)).toMatchObject({ user_id: null, anonymous_id: 'anon-1', locale: 'pt_BR', app_version: null, attributes_json: null });
    // A newer SDK may add fields; null is read as absent.
    const b2 = expectStartResponse(
      await start(`{"appSlug":"${slug}","platform":"ios","userId":null,"appVersion":"1.0","attributes":null,"sdkVersion":"0.99.0","device":{"model":"iPhone16,2"},"experiments":[1,2]}`),
    );
    const r2 = await row(b2.sessionId);
    expect(r2).toMatchObject({ user_id: null, app_version: '1.0', attributes_json: null });
    expect(JSON.stringify(r2)).not.toContain('sdkVersion');
    expect(JSON.stringify(r2)).not.toContain('iPhone16,2');
    // Other clients send other platforms.
    const b3 = expectStartResponse(await start(JSON.stringify({ appSlug: slug, platform: 'android', attributes: { onlyNull: null } })));
    const r3 = await row(b3.sessionId);
    expect(r3.platform).toBe('android');
    expect(JSON.parse(r3.attributes_json!)).toEqual({ onlyNull: null });
  });

  it('key order is irrelevant: the same fields in every rotation give the same row', async () => {
    const fields: [string, string][] = [
      ['appSlug', JSON.stringify(slug)],
      ['platform', '"ios"'],
      ['userId', '"u-order"'],
      ['locale', '"fr_FR"'],
      ['attributes', '{"b":2,"a":[1]}'],
    ];
    for (let i = 0; i < fields.length; i++) {
      const rotated = [...fields.slice(i), ...fields.slice(0, i)];
      const b = expectStartResponse(await start(`{${rotated.map(([k, v]) => `"${k}":${v}`).join(',')}}`));
      const r = await row(b.sessionId);
      expect(r).toMatchObject({ platform: 'ios', user_id: 'u-order', locale: 'fr_FR' });
      expect(JSON.parse(r.attributes_json!)).toEqual({ a: [1], b: 2 });
    }
  });

  it('never stores the raw client IP, in any column; every session gets its own id and token', async () => {
    const v6 = '2001:db8::1234';
    const a = expectStartResponse(await start(JSON.stringify({ appSlug: slug, platform: 'ios', userId: 'ip-check' }), {}, IP));
    const b = expectStartResponse(await start(JSON.stringify({ appSlug: slug, platform: 'ios', userId: 'ip-check' }), {}, v6));
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.token).not.toBe(b.token);
    const all = await t.db.db.selectFrom('flow_sessions').selectAll().execute();
    const steps = await t.db.db.selectFrom('flow_steps').selectAll().execute();
    const dump = JSON.stringify([all, steps]);
    expect(dump).not.toContain(IP);
    expect(dump).not.toContain(v6);
    expect(dump).not.toContain('127.0.0.1');
  });

  it('404 JSON {error} for an unknown app and for an app without a published cancel flow', async () => {
    const before = await count();
    const unknown = await start(JSON.stringify({ appSlug: 'no-such-app', platform: 'ios' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.json()).toEqual({ error: expect.any(String) });
    // A draft alone is not served.
    const drafted = (await t.createApp({ name: 'Draft only' })).slug;
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${drafted}/flows/cancel`, headers: { ...t.auth, ...json }, payload: JSON.stringify(goodCancel()) });
    expect(put.statusCode).toBe(200);
    const bare = (await t.createApp({ name: 'No cancel' })).slug;
    for (const s of [drafted, bare]) {
      const r = await start(JSON.stringify({ appSlug: s, platform: 'ios' }));
      expect(r.statusCode, s).toBe(404);
      expect(r.json()).toEqual({ error: expect.any(String) });
    }
    expect(await count()).toBe(before);
  });

  it('flowSlug targets a secondary cancel flow; the primary’s own slug is the primary; an unknown flowSlug is 404', async () => {
    const s = (await t.createApp({ name: 'Two flows' })).slug;
    await putAndPublish(t, s, 'cancel', goodCancel());
    const winback = goodCancel();
    winback.intro.title = 'Winback flow';
    await putAndPublish(t, s, 'cancel', winback, 'winback');
    const flows = await t.db.db.selectFrom('flows').select(['id', 'slug']).where('app_id', '=', await appId(s)).where('type', '=', 'cancel').execute();
    const flowId = (fs: string) => flows.find((f) => f.slug === fs)!.id;

    const secondary = expectStartResponse(await start(JSON.stringify({ appSlug: s, platform: 'ios', flowSlug: 'winback' })));
    expect((await row(secondary.sessionId)).flow_id).toBe(flowId('winback'));
    const opened = await t.app.services.cancel.sessions.open(s, secondary.sessionId, secondary.token);
    expect(opened.config.intro.title).toBe('Winback flow');
    for (const body of [{ appSlug: s, platform: 'ios' }, { appSlug: s, platform: 'ios', flowSlug: 'cancel' }]) {
      const primary = expectStartResponse(await start(JSON.stringify(body)));
      expect((await row(primary.sessionId)).flow_id, JSON.stringify(body)).toBe(flowId('cancel'));
    }

    const before = await count();
    const unknown = await start(JSON.stringify({ appSlug: s, platform: 'ios', flowSlug: 'nope' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.any(String) });
    // A secondary with a draft only is not served either.
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${s}/flows/cancel?flowSlug=drafty`, headers: { ...t.auth, ...json }, payload: JSON.stringify(goodCancel()) });
    expect((await start(JSON.stringify({ appSlug: s, platform: 'ios', flowSlug: 'drafty' }))).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('refuses bad bodies with 4xx, JSON issues naming the paths, and stores nothing', async () => {
    const before = await count();
    const bigAttributes = { blob: 'x'.repeat(8200) };
    const cases: [string, string, number, string?][] = [
      ['missing appSlug', JSON.stringify({ platform: 'ios' }), 422, '/appSlug'],
      ['missing platform', JSON.stringify({ appSlug: slug }), 422, '/platform'],
      ['empty appSlug', JSON.stringify({ appSlug: '', platform: 'ios' }), 422, '/appSlug'],
      ['null appSlug', JSON.stringify({ appSlug: null, platform: 'ios' }), 422, '/appSlug'],
      ['numeric appSlug', JSON.stringify({ appSlug: 42, platform: 'ios' }), 422, '/appSlug'],
      ['boolean platform', JSON.stringify({ appSlug: slug, platform: true }), 422, '/platform'],
      ['numeric userId', JSON.stringify({ appSlug: slug, platform: 'ios', userId: 42 }), 422, '/userId'],
      ['object locale', JSON.stringify({ appSlug: slug, platform: 'ios', locale: { id: 'en' } }), 422, '/locale'],
      ['attributes as array', JSON.stringify({ appSlug: slug, platform: 'ios', attributes: [1, 2] }), 422, '/attributes'],
      ['attributes as string', JSON.stringify({ appSlug: slug, platform: 'ios', attributes: 'plan=pro' }), 422, '/attributes'],
      ['attributes over 8 KB', JSON.stringify({ appSlug: slug, platform: 'ios', attributes: bigAttributes }), 422, '/attributes'],
      // 4,200 characters but 8,400 bytes of UTF-8: the limit is in bytes.
      ['attributes over 8 KB in UTF-8', JSON.stringify({ appSlug: slug, platform: 'ios', attributes: { blob: 'é'.repeat(4200) } }), 422, '/attributes'],
      ['too long userId', JSON.stringify({ appSlug: slug, platform: 'ios', userId: 'u'.repeat(201) }), 422, '/userId'],
      ['bad flowSlug', JSON.stringify({ appSlug: slug, platform: 'ios', flowSlug: 'Not A Slug' }), 422, '/flowSlug'],
      ['body an array', JSON.stringify([{ appSlug: slug, platform: 'ios' }]), 422],
    ];
    for (const [name, payload, status, path] of cases) {
      const r = await start(payload);
      expect(r.statusCode, `${name}: ${r.body.slice(0, 200)}`).toBe(status);
      expect(r.json().error, name).toBeTypeOf('string');
      if (path) expect(r.json().issues.map((i: { path: string }) => i.path), name).toContain(path);
    }
    // Malformed JSON: 400 with an {error}.
    const broken = await start(`{"appSlug":"${slug}","platform":"ios"`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBeTypeOf('string');
    // Not JSON at all: a form-encoded or text body is what a page on any site could send.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/public/sessions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ appSlug: slug, platform: 'ios' }).toString(),
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toBeTypeOf('string');
    const text = await t.app.inject({ method: 'POST', url: '/api/public/sessions', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ appSlug: slug, platform: 'ios' }) });
    expect(text.statusCode).toBe(415);
    // Over the route's body limit: 413.
    const huge = await start(JSON.stringify({ appSlug: slug, platform: 'ios', attributes: { blob: 'x'.repeat(20 * 1024) } }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBeTypeOf('string');
    expect(await count()).toBe(before);
  });

  it('attributes just under 8 KB are kept whole', async () => {
    const attributes = { blob: 'y'.repeat(8000), n: 1 };
    const b = expectStartResponse(await start(JSON.stringify({ appSlug: slug, platform: 'ios', attributes })));
    expect(JSON.parse((await row(b.sessionId)).attributes_json!)).toEqual(attributes);
  });

  it('a session pins the published version: a publish later changes nothing for it, new sessions get the new version', async () => {
    const s = (await t.createApp({ name: 'Pinned' })).slug;
    await putAndPublish(t, s, 'cancel', goodCancel());
    const v1 = await start(JSON.stringify({ appSlug: s, platform: 'ios', userId: 'early' }));
    const early = expectStartResponse(v1);
    const flow = await t.db.db.selectFrom('flows').select(['id', 'current_version_id']).where('app_id', '=', await appId(s)).where('type', '=', 'cancel').executeTakeFirstOrThrow();
    const v1Id = flow.current_version_id!;

    const second = goodCancel();
    second.intro.title = 'Version two';
    await putAndPublish(t, s, 'cancel', second);
    const v2Id = (await t.db.db.selectFrom('flows').select('current_version_id').where('id', '=', flow.id).executeTakeFirstOrThrow()).current_version_id!;
    expect(v2Id).not.toBe(v1Id);

    // A publish on this node shows at once (no wait for the public cache).
    const late = expectStartResponse(await start(JSON.stringify({ appSlug: s, platform: 'ios', userId: 'late' })));
    expect(await row(early.sessionId)).toMatchObject({ version_number: 1, version_id: v1Id, flow_id: flow.id });
    expect(await row(late.sessionId)).toMatchObject({ version_number: 2, version_id: v2Id, flow_id: flow.id });

    const { sessions } = t.app.services.cancel;
    const openedEarly = await sessions.open(s, early.sessionId, early.token);
    expect(openedEarly.config.intro.title).toBe(goodCancel().intro.title);
    expect(openedEarly.session).toMatchObject({ id: early.sessionId, version_number: 1, version_id: v1Id, user_id: 'early' });
    expect(openedEarly.app).toMatchObject({ slug: s, name: 'Pinned' });
    const openedLate = await sessions.open(s, late.sessionId, late.token);
    expect(openedLate.config.intro.title).toBe('Version two');
    expect(openedLate.session.version_number).toBe(2);

    // The page's capability is the token, for this app only.
    await expect(sessions.open(s, early.sessionId, late.token)).rejects.toMatchObject({ status: 404 });
    await expect(sessions.open(s, early.sessionId, undefined)).rejects.toMatchObject({ status: 404 });
    await expect(sessions.open(slug, early.sessionId, early.token)).rejects.toMatchObject({ status: 404 });
    await expect(sessions.open(s, 'nope', early.token)).rejects.toMatchObject({ status: 404 });
  });

  it('200 concurrent starts are all answered 201 and all stored, each with its own id', async () => {
    const s = (await t.createApp({ name: 'Concurrent' })).slug;
    await putAndPublish(t, s, 'cancel', goodCancel());
    const rs = await Promise.all(
      Array.from({ length: 200 }, (_, i) => start(JSON.stringify({ appSlug: s, platform: 'ios', userId: `c${i}`, attributes: { i } }), {}, `198.51.100.${i % 250}`)),
    );
    const ids = rs.map((r) => expectStartResponse(r).sessionId);
    expect(new Set(ids).size).toBe(200);
    const stored = await t.db.db.selectFrom('flow_sessions').select(['id', 'user_id', 'attributes_json']).where('app_id', '=', await appId(s)).execute();
    expect(stored.length).toBe(200);
    const byId = new Map(stored.map((r) => [r.id, r]));
    rs.forEach((r, i) => {
      const got = byId.get(r.json().sessionId);
      expect(got?.user_id).toBe(`c${i}`);
      expect(JSON.parse(got!.attributes_json!)).toEqual({ i });
    });
  });
});

describeEachDb('cancel sessions: rate limit', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('the N+1th session from one client within a minute is 429 with Retry-After; nothing stored for it; other clients go on', async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1' } });
    const slug = (await t.createApp({ name: 'Limited' })).slug;
    await putAndPublish(t, slug, 'cancel', goodCancel());
    const send = (remoteAddress: string, xff?: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/public/sessions',
        remoteAddress,
        headers: { ...json, ...(xff ? { 'x-forwarded-for': xff } : {}) },
        payload: JSON.stringify({ appSlug: slug, platform: 'ios' }),
      });
    // The budget is a multiple of PUBLIC_RATE_LIMIT (carrier NAT puts many users behind one address).
    let n = 0;
    for (;;) {
      const r = await send('198.51.100.9');
      if (r.statusCode !== 201) {
        expect(r.statusCode).toBe(429);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        expect(r.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
        break;
      }
      n++;
      expect(n, 'no limit reached').toBeLessThan(50);
    }
    const { sessionLimit } = await import('../../../src/kernel/sessions/sessions.routes.js');
    expect(n).toBe(sessionLimit(1));
    // A spoofed X-Forwarded-For (TRUST_PROXY off) does not reset it.
    expect((await send('198.51.100.9', '10.1.2.3')).statusCode).toBe(429);
    const stored = Number((await t.db.db.selectFrom('flow_sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(stored).toBe(n);
    expect((await send('198.51.100.10')).statusCode).toBe(201);
  });
});
