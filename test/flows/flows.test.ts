import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { goodCancel } from './cancel.fixtures.js';

describeEachDb('versioned flows (cancel)', (dialect) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    slug = (await t.createApp({ name: 'Flows App' })).slug;
  });
  afterAll(() => t.close());

  const url = (s = '', q = '') => `/api/v1/apps/${slug}/flows/cancel${s}${q}`;
  const put = (payload: unknown, q = '') =>
    t.app.inject({ method: 'PUT', url: url('', q), headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const publish = (q = '') => t.app.inject({ method: 'POST', url: url('/publish', q), headers: { authorization: t.auth.authorization } });
  const get = (q = '') => t.app.inject({ method: 'GET', url: url('', q), headers: t.auth });

  it('404s before the first PUT', async () => {
    expect((await get()).statusCode).toBe(404);
    expect((await publish()).statusCode).toBe(404);
  });

  it('PUT creates the draft, publish freezes version 1, envelope is per spec', async () => {
    const r = await put(goodCancel());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ ok: true, warnings: [] });
    let env = (await get()).json();
    expect(env.flow).toMatchObject({ type: 'cancel', slug: 'cancel', status: 'draft', currentVersionId: null });
    expect(env.draft).toMatchObject({ versionNumber: 1, config: goodCancel() });
    expect(env.published).toBeNull();

    const p = await publish(); // no body, no Content-Type, exactly like the MCP client
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ ok: true, version: 1 });
    env = (await get()).json();
    expect(env.flow.status).toBe('published');
    expect(env.flow.currentVersionId).toBe(p.json().versionId);
    expect(env.published).toMatchObject({ versionNumber: 1, config: goodCancel() });
    expect(env.published.publishedAt).toMatch(/Z$/);
    expect(env.draft.versionNumber).toBe(2);
  });

  it('editing the draft never rewrites a published version; numbers increment', async () => {
    const edited = goodCancel();
    edited.intro.title = 'Edited title';
    expect((await put(edited)).statusCode).toBe(200);
    let env = (await get()).json();
    expect(env.published.config.intro.title).toBe('Before you go');
    expect(env.draft.config.intro.title).toBe('Edited title');
    expect(env.flow.hasUnpublishedChanges).toBe(true);
    expect((await publish()).json().version).toBe(2);
    expect((await publish()).json().version).toBe(3);
    env = (await get()).json();
    expect(env.published).toMatchObject({ versionNumber: 3 });
    const v1 = await t.db.db.selectFrom('flow_versions').selectAll().where('version_number', '=', 1).where('flow_id', '=', env.flow.id).executeTakeFirstOrThrow();
    expect(JSON.parse(v1.config_json).intro.title).toBe('Before you go');
  });

  it('concurrent publishes get distinct version numbers', async () => {
    const rs = await Promise.all(Array.from({ length: 8 }, () => publish()));
    const versions = rs.map((r) => r.json().version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(8);
    expect(versions[7] - versions[0]).toBe(7);
  });

  it('rejects invalid configs with 422, the failing paths, and no change', async () => {
    const before = (await get()).json().draft;
    const bad: [unknown, string][] = [
      ['a string', '/'],
      [{ ...goodCancel(), intro: {} }, '/intro/title'],
      [{ ...goodCancel(), reasonScreen: { ...goodCancel().reasonScreen, reasons: [] } }, '/reasonScreen/reasons'],
      [{ ...goodCancel(), reasonScreen: { ...goodCancel().reasonScreen, reasons: [{ id: 'Bad Id', label: 'x' }] } }, '/reasonScreen/reasons/0/id'],
      [{ ...goodCancel(), reasonScreen: { ...goodCancel().reasonScreen, reasons: [{ id: 'a', label: 'x' }, { id: 'a', label: 'y' }] } }, '/reasonScreen/reasons/1/id'],
      [{ ...goodCancel(), reasonScreen: { ...goodCancel().reasonScreen, selectMode: 'some' } }, '/reasonScreen/selectMode'],
      [{ ...goodCancel(), type: 'waitlist' }, '/type'],
    ];
    const button = (b: object) => ({ ...goodCancel(), responses: { too_expensive: { title: 't', body: 'b', primaryButton: b } } });
    bad.push(
      [button({ label: 'Offer', action: 'open_offer' }), '/responses/too_expensive/primaryButton/offerId'],
      [button({ label: 'Go', action: 'open_feature' }), '/responses/too_expensive/primaryButton/featureId'],
      [button({ label: 'Web', action: 'external_url' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'javascript:alert(1)' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'http://plain.example.org' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'https:localhost/x' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'https:/\\evil.example' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'https://help.example.org@evil.example/' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Web', action: 'external_url', url: 'https://evil.example\\@help.example.org' }), '/responses/too_expensive/primaryButton/url'],
      [button({ label: 'Fly', action: 'teleport' }), '/responses/too_expensive/primaryButton/action'],
      [button({ label: '', action: 'none' }), '/responses/too_expensive/primaryButton/label'],
    );
    for (const [body, path] of bad) {
      const r = await put(body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(r.json().error).toBeTypeOf('string');
      expect(r.json().issues.map((i: { path: string }) => i.path), JSON.stringify(body).slice(0, 200)).toContain(path);
    }
    expect((await get()).json().draft).toEqual(before);
  });

  it('accepts every button action with its parameters', async () => {
    const actions = [
      { label: 'Back', action: 'return_to_app' },
      { label: 'Manage', action: 'manage_subscription' },
      { label: 'Offer', action: 'open_offer', offerId: 'annual_40' },
      { label: 'Premium', action: 'open_premium' },
      { label: 'Premium', action: 'open_premium', paywallId: 'pw_b' },
      { label: 'Support', action: 'open_support', supportTopic: 'billing', message: 'Hi' },
      { label: 'Feature', action: 'open_feature', featureId: 'export_pdf' },
      { label: 'Web', action: 'external_url', url: 'https://help.acme.io/cancel' },
      { label: 'Nothing', action: 'none' },
    ];
    for (const b of actions) {
      const c = goodCancel();
      c.responses.too_expensive.primaryButton = b as never;
      const r = await put(c, '?flowSlug=actions');
      expect(r.statusCode, JSON.stringify(b)).toBe(200);
    }
  });

  it('publishing a draft that is no longer valid is a 422 "draft is invalid"', async () => {
    expect((await put(goodCancel(), '?flowSlug=stale')).statusCode).toBe(200);
    // Simulate a draft saved under an older, looser schema.
    await t.db.db.updateTable('flows').set({ draft_json: JSON.stringify({ intro: { title: 'only' } }) }).where('slug', '=', 'stale').execute();
    const r = await publish('?flowSlug=stale');
    expect(r.statusCode).toBe(422);
    expect(r.json().error).toMatch(/^draft is invalid: /);
    expect(r.json().issues.length).toBeGreaterThan(0);
    expect((await get('?flowSlug=stale')).json().published).toBeNull();
  });

  it('flowSlug: omitted or the primary’s own slug = primary; a new slug creates a secondary', async () => {
    const primaryId = (await get()).json().flow.id;
    expect((await get('?flowSlug=cancel')).json().flow.id).toBe(primaryId);
    const c = goodCancel();
    c.intro.title = 'Annual plan flow';
    const r = await put(c, '?flowSlug=annual');
    expect(r.json()).toMatchObject({ ok: true, flowSlug: 'annual', created: true });
    const sec = (await get('?flowSlug=annual')).json();
    expect(sec.flow).toMatchObject({ slug: 'annual', isPrimary: false });
    expect(sec.flow.id).not.toBe(primaryId);
    expect((await publish('?flowSlug=annual')).json()).toMatchObject({ ok: true, version: 1, flowSlug: 'annual' });
    expect((await get()).json().draft.config.intro.title).not.toBe('Annual plan flow');
    expect((await get('?flowSlug=nope')).statusCode).toBe(404);
    expect((await put(goodCancel(), '?flowSlug=Bad_Slug')).statusCode).toBe(400);

    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows`, headers: t.auth })).json().flows;
    const annual = list.find((f: { slug: string }) => f.slug === 'annual');
    expect(annual).toMatchObject({ type: 'cancel', isPrimary: false, status: 'published', publishedVersion: 1 });
    expect(annual.versions).toHaveLength(1);
    expect(list.find((f: { slug: string }) => f.slug === 'cancel')).toMatchObject({ isPrimary: true, name: 'Cancel flow' });
    const filtered = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows?type=waitlist`, headers: t.auth })).json().flows;
    expect(filtered).toEqual([]);
  });

  it('accepts the legacy pre-cancel path and type', async () => {
    const c = { ...goodCancel(), type: 'pre_cancel' };
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/pre-cancel`, headers: t.auth, payload: c });
    expect(r.statusCode).toBe(200);
    expect((await get()).json().draft.config.type).toBe('cancel');
  });

  it('unknown flow type segment is a 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/teleport`, headers: t.auth });
    expect(r.statusCode).toBe(404);
  });

  it('another account cannot read or write this app’s flows', async () => {
    const other = await t.otherAccount();
    for (const [method, u] of [['GET', url()], ['PUT', url()], ['POST', url('/publish')]] as const) {
      const r = await t.app.inject({ method, url: u, headers: other.auth, payload: method === 'PUT' ? goodCancel() : undefined });
      expect(r.statusCode, method).toBe(404);
    }
  });
});

describeEachDb('cancel warnings', (dialect) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    slug = (await t.createApp({ name: 'Warn App' })).slug;
  });
  afterAll(() => t.close());
  const put = async (payload: unknown) => {
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/cancel`, headers: t.auth, payload: payload as object });
    expect(r.statusCode).toBe(200);
    return r.json().warnings as { code: string; path: string; message: string }[];
  };

  it('flags a reason without a response', async () => {
    const c = goodCancel();
    delete (c.responses as Record<string, unknown>).missing_feature;
    expect(await put(c)).toEqual([{ code: 'missing_response', path: '/reasonScreen/reasons/1', message: expect.stringContaining('missing_feature') }]);
  });

  it('flags a destination-shaped button behind a thanks screen', async () => {
    const c = goodCancel();
    (c.responses.too_expensive as Record<string, unknown>).showThanksScreen = true;
    const w = await put(c);
    expect(w.map((x) => [x.code, x.path])).toContainEqual(['thanks_screen_blocks_navigation', '/responses/too_expensive/primaryButton']);
    // a plain "Thanks" button with action none is fine behind a thanks screen
    c.responses.too_expensive.primaryButton = { label: 'Done', action: 'none' } as never;
    delete (c.responses.too_expensive as Record<string, unknown>).secondaryButton;
    expect(await put(c)).toEqual([]);
  });

  it('flags placeholder offer ids, feature ids and URLs', async () => {
    const c = goodCancel();
    c.responses.too_expensive.primaryButton = { label: 'Offer', action: 'open_offer', offerId: 'your_offer_id' } as never;
    c.responses.missing_feature.primaryButton = { label: 'Feature', action: 'open_feature', featureId: 'feature_id' } as never;
    c.responses.missing_feature.secondaryButton = { label: 'Docs', action: 'external_url', url: 'https://example.com/docs' } as never;
    const codes = (await put(c)).map((w) => w.code).sort();
    expect(codes).toEqual(['placeholder_external_url', 'placeholder_feature_id', 'placeholder_offer_id']);
  });

  it('flags responses that multi-select mode never shows', async () => {
    const c = goodCancel();
    (c.reasonScreen as Record<string, unknown>).selectMode = 'multi';
    expect((await put(c)).map((w) => w.code)).toEqual(['responses_unused_in_multi_mode']);
    c.responses = {} as never;
    expect(await put(c)).toEqual([]);
  });

  it('warnings never block saving', async () => {
    const c = goodCancel();
    c.responses = {} as never;
    await put(c);
    const env = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/cancel`, headers: t.auth })).json();
    expect(env.draft.config.responses).toEqual({});
  });
});
