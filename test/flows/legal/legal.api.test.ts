import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { goodCancel } from '../cancel.fixtures.js';
import { goodFeedback, goodWaitlist, json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodLegal, onDeviceOnly } from './legal.fixtures.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describeEachDb('legal', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-03-01T22:30:00Z');
  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url: `/api/v1/apps/${url}`, headers: body === undefined ? t.auth : { ...t.auth, ...json }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const web = (url: string, accept = BROWSER_ACCEPT) => t.app.inject({ method: 'GET', url, headers: { accept } });
  const codes = async (slug: string, config: unknown) => {
    const r = await owner('PUT', `${slug}/flows/legal`, config);
    expect(r.statusCode).toBe(200);
    return (r.json().warnings as { code: string; path: string }[]).map((w) => `${w.code} ${w.path}`);
  };

  beforeAll(async () => {
    t = await testApp(dialect, { clock: { now: () => now } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a good config saves without warnings; bad configs are 422 with paths and store nothing', async () => {
    const bad = await owner('PUT', 'sleepy/flows/legal', goodLegal({ processors: [{ id: 'x', receives: ['dna'] }], declarations: { sellsData: 'no' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['/processors/0/receives/0', '/declarations/sellsData']));
    expect((await owner('GET', 'sleepy/flows/legal')).statusCode).toBe(404);
    expect(await codes('sleepy', goodLegal())).toEqual([]);
    const env = (await owner('GET', 'sleepy/flows/legal')).json();
    expect(env.published).toBeNull();
    expect(env).toMatchObject({ privacy: 'http://web.test/legal/sleepy', terms: 'http://web.test/legal/sleepy/terms', versionUrl: null });
  });

  it('warns: missing contact email, unknown and duplicate processors, future date, contradictions', async () => {
    await t.createApp({ name: 'Warny', slug: 'warny' });
    const got = await codes(
      'warny',
      goodLegal({
        entity: { name: 'Warny Inc.' },
        effectiveDate: '2026-03-02',
        processors: [{ id: 'firebase' }, { id: 'revenucat' }, { id: 'firebase' }, { id: 'adnet', name: 'AdNet', receives: ['device_id'], purpose: 'third_party_advertising' }],
        declarations: { sellsData: true, advertising: false, analytics: false, tracking: false, profiling: false },
        childrenDirected: true,
      }),
    );
    expect(got.sort()).toEqual(
      [
        'missing_contact_email /entity/contactEmail',
        'unknown_processor /processors/1/id',
        'duplicate_processor /processors/2/id',
        'future_effective_date /effectiveDate',
        'tracking_contradiction /processors/3',
        'advertising_contradiction /processors/3',
        'analytics_contradiction /processors/0',
        'sells_data_without_tracking /declarations/sellsData',
        'children_tracking /childrenDirected',
        'children_third_party_analytics /childrenDirected',
      ].sort(),
    );
    // Today (UTC) is not the future; the claims the other way round.
    expect(
      await codes('warny', goodLegal({ effectiveDate: '2026-03-01', processors: [], declarations: { sellsData: false, advertising: true, analytics: false, tracking: true, profiling: false } })),
    ).toEqual(['tracking_without_processor /declarations/tracking', 'advertising_without_processor /declarations/advertising']);
  });

  it('warns when a cancel flow exists but no processor is listed, and when published flows send data to an unlisted appflows', async () => {
    await t.createApp({ name: 'Cancy', slug: 'cancy' });
    await putAndPublish(t, 'cancy', 'cancel', goodCancel());
    expect(await codes('cancy', goodLegal({ processors: [] }))).toEqual(['cancel_flow_without_processors /processors', 'appflows_not_listed /processors']);
    expect(await codes('cancy', goodLegal({ processors: [{ id: 'revenuecat' }, { id: 'appmate' }] }))).toEqual([]);
  });

  it('publish stamps today (UTC) whatever the draft says, answers both public URLs, and freezes the facts', async () => {
    await putAndPublish(t, 'sleepy', 'waitlist', goodWaitlist());
    await owner('PUT', 'sleepy/flows/legal', goodLegal({ effectiveDate: '2020-01-01' }));
    const pub = await owner('POST', 'sleepy/flows/legal/publish');
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      ok: true,
      version: 1,
      privacy: 'http://web.test/legal/sleepy',
      terms: 'http://web.test/legal/sleepy/terms',
      versionUrl: 'http://web.test/legal/sleepy/v/1',
      appStorePrivacy: 'http://web.test/legal/sleepy/app-store-privacy',
    });
    const env = (await owner('GET', 'sleepy/flows/legal')).json();
    expect(env.published.config.effectiveDate).toBe('2026-03-01');
    expect(env.draft.config.effectiveDate).toBe('2020-01-01');
    expect(env.published.config.frozen.flows).toEqual([{ type: 'waitlist', slug: 'waitlist', version: 1 }]);
    expect(env.published.config.frozen.processors.map((p: { id: string }) => p.id)).toEqual(['revenuecat', 'sentry', 'appflows']);
    expect(env).toMatchObject({ privacy: 'http://web.test/legal/sleepy', versionUrl: 'http://web.test/legal/sleepy/v/1' });
    // The published config can be sent back as a draft: `frozen` is dropped, not refused.
    const back = await owner('PUT', 'sleepy/flows/legal', env.published.config);
    expect(back.statusCode).toBe(200);
    expect((await owner('GET', 'sleepy/flows/legal')).json().draft.config.frozen).toBeUndefined();
  });

  it('versions are immutable: republishing after the flows and facts changed leaves version 1 as it was', async () => {
    const v1Row = async () => (await t.db.db.selectFrom('flow_versions as v').innerJoin('flows as f', 'f.id', 'v.flow_id').select(['v.config_json']).where('f.type', '=', 'legal').where('v.version_number', '=', 1).where('f.app_id', '=', (await t.app.services.apps.resolvePublic('sleepy')).id).executeTakeFirstOrThrow()).config_json;
    const before = await v1Row();
    const decl1 = (await web('/legal/sleepy/v/1/app-store-privacy', '*/*')).json();
    const page1 = (await web('/legal/sleepy/v/1')).body;

    now = new Date('2026-04-15T08:00:00Z');
    await putAndPublish(t, 'sleepy', 'feedback', goodFeedback());
    await owner('PUT', 'sleepy/flows/legal', goodLegal({ entity: { name: 'Sleepy Labs AG', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Switzerland' } }));
    expect((await owner('POST', 'sleepy/flows/legal/publish')).json().version).toBe(2);

    expect(await v1Row()).toBe(before);
    expect((await web('/legal/sleepy/v/1/app-store-privacy', '*/*')).json()).toEqual(decl1);
    const page1After = (await web('/legal/sleepy/v/1')).body;
    // Only the archive notice is new on version 1's page; its content is unchanged.
    const content = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(content(page1After)).toBe(content(page1));
    expect(page1After).toContain('Sleepy Labs GmbH');
    expect(page1After).not.toContain('Sleepy Labs AG');

    const decl2 = (await web('/legal/sleepy/app-store-privacy', '*/*')).json();
    expect(decl2.basis).toEqual({ source: 'published', version: 2, effectiveDate: '2026-04-15', url: 'http://web.test/legal/sleepy/v/2' });
    expect(decl1.basis.version).toBe(1);
    const userContent = (d: { entries: { category: string }[] }) => d.entries.some((e) => e.category === 'Other User Content');
    expect(userContent(decl1)).toBe(false);
    expect(userContent(decl2)).toBe(true);
  });

  it('pages: current version with effective date and history; /v/<n> of an archived version carries a notice and a link', async () => {
    const cur = await web('/legal/sleepy');
    expect(cur.statusCode).toBe(200);
    expect(cur.headers['content-type']).toMatch(/text\/html/);
    expect(cur.headers['set-cookie']).toBeUndefined();
    expect(cur.headers['content-security-policy']).toContain("default-src 'none'");
    expect(cur.body).toContain('Effective <time datetime="2026-04-15">April 15, 2026</time> · Version 2');
    expect(cur.body).toContain('<a href="/legal/sleepy/v/1">Version 1</a> — effective March 1, 2026');
    expect(cur.body).not.toContain('This is an earlier version.');
    const old = await web('/legal/sleepy/v/1');
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('This is an earlier version.');
    expect(old.body).toContain('in effect from March 1, 2026 until April 15, 2026');
    expect(old.body).toContain('<a href="/legal/sleepy">Read the current version (version 2)</a>');
    // The current version at its own address carries no notice.
    expect((await web('/legal/sleepy/v/2')).body).not.toContain('This is an earlier version.');
    const terms = await web('/legal/sleepy/v/1/terms');
    expect(terms.body).toContain('Terms of use');
    expect(terms.body).toContain('<a href="/legal/sleepy/terms">Read the current version (version 2)</a>');
    expect(terms.body).toContain('described in the <a href="/legal/sleepy/v/1">privacy policy</a>');
    expect((await web('/legal/sleepy/terms')).body).toContain('governed by the law of Switzerland');
    // Everything user-provided is escaped.
    await t.createApp({ name: 'Evil <b>', slug: 'evil' });
    await putAndPublish(t, 'evil', 'legal', goodLegal({ entity: { name: '<script>alert(1)</script>', contactEmail: 'a@b.example' } }));
    const evil = (await web('/legal/evil')).body;
    expect(evil).not.toContain('<script>alert');
    expect(evil).toContain('&lt;script>alert(1)&lt;/script>');
  });

  it('404 page for an unknown app, an app whose legal flow is only a draft, and a version that does not exist', async () => {
    await t.createApp({ name: 'Drafty', slug: 'drafty' });
    await owner('PUT', 'drafty/flows/legal', goodLegal());
    for (const url of ['/legal/nobody', '/legal/drafty', '/legal/drafty/terms', '/legal/sleepy/v/3', '/legal/sleepy/v/0', '/legal/sleepy/v/abc', '/legal/sleepy/v/1.5/terms', '/legal/drafty/app-store-privacy']) {
      const r = await web(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.body, url).toContain('There is no published privacy policy or terms at this address');
    }
    const j = await web('/legal/drafty/app-store-privacy', 'application/json');
    expect(j.statusCode).toBe(404);
    expect(j.json()).toEqual({ error: expect.any(String) });
  });

  it('public declarations: JSON for programs, HTML for browsers (Accept), ?format overrides', async () => {
    const j = await web('/legal/sleepy/app-store-privacy', '*/*');
    expect(j.headers['content-type']).toMatch(/application\/json/);
    expect(j.headers.vary).toMatch(/Accept/);
    expect(j.headers['access-control-allow-origin']).toBe('*');
    expect(j.headers['set-cookie']).toBeUndefined();
    expect(j.json()).toMatchObject({ dataNotCollected: false, unmappedProcessors: [] });
    expect((await web('/legal/sleepy/app-store-privacy', 'application/json')).headers['content-type']).toMatch(/json/);
    const h = await web('/legal/sleepy/app-store-privacy');
    expect(h.headers['content-type']).toMatch(/text\/html/);
    expect(h.body).toContain('Data Linked to You');
    expect(h.body).toContain('Purchase History');
    expect((await web('/legal/sleepy/app-store-privacy?format=json')).headers['content-type']).toMatch(/json/);
    expect((await web('/legal/sleepy/app-store-privacy?format=html', '*/*')).headers['content-type']).toMatch(/html/);
    const play = await web('/legal/sleepy/play-data-safety', '*/*');
    expect(play.json().dataTypes.find((x: { dataType: string }) => x.dataType === 'Email address')).toMatchObject({ sources: ['Appflows'] });
    expect((await web('/legal/sleepy/play-data-safety')).body).toContain('Data safety summary');
  });

  it('an app whose data stays on the device declares nothing: dataNotCollected, on the page too', async () => {
    await t.createApp({ name: 'Local', slug: 'local' });
    await putAndPublish(t, 'local', 'legal', onDeviceOnly());
    const d = (await owner('GET', 'local/legal/app-store-privacy')).json();
    expect(d).toMatchObject({ dataNotCollected: true, entries: [], unmappedProcessors: [], basis: { version: 1 } });
    expect((await owner('GET', 'local/legal/play-data-safety')).json()).toMatchObject({ dataCollected: false, dataShared: false, dataTypes: [] });
    const page = (await web('/legal/local/app-store-privacy')).body;
    expect(page).toContain('Data Not Collected');
    expect((await web('/legal/local')).body).toContain('Nothing leaves your device: Local does not collect personal data.');
  });

  it('owner ops: the declaration of the current version, of ?version=, of the ?draft=true preview; 404 unpublished; 400 bad query; scoped to the account', async () => {
    const cur = await owner('GET', 'sleepy/legal/app-store-privacy');
    expect(cur.statusCode).toBe(200);
    expect(cur.json()).toEqual((await web('/legal/sleepy/app-store-privacy', '*/*')).json());
    const v1 = (await owner('GET', 'sleepy/legal/app-store-privacy?version=1')).json();
    expect(v1).toEqual((await web('/legal/sleepy/v/1/app-store-privacy', '*/*')).json());
    expect((await owner('GET', 'sleepy/legal/app-store-privacy?version=9')).statusCode).toBe(404);
    expect((await owner('GET', 'sleepy/legal/app-store-privacy?version=abc')).statusCode).toBe(400);
    expect((await owner('GET', 'sleepy/legal/app-store-privacy?draft=maybe')).statusCode).toBe(400);

    const draft = await owner('GET', 'drafty/legal/app-store-privacy?draft=true');
    expect(draft.statusCode).toBe(200);
    expect(draft.json().basis).toEqual({ source: 'draft', version: null, effectiveDate: null, url: null });
    const unpublished = await owner('GET', 'drafty/legal/app-store-privacy');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().error).toMatch(/not published/);
    expect((await owner('GET', 'drafty/legal/play-data-safety?draft=true')).json()).toMatchObject({ dataCollected: true, basis: { source: 'draft' } });

    const other = await t.otherAccount();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/legal/app-store-privacy', headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/legal/app-store-privacy' })).statusCode).toBe(401);
  });

  it('warns when an SDK stores an identifier on the device for analytics without consent, under EU or UK law only (ePrivacy Art. 5(3), § 25 TDDDG, PECR)', async () => {
    await t.createApp({ name: 'Consenty', slug: 'consenty' });
    const analytics = { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false };
    const de = goodLegal({ processors: [{ id: 'sentry' }, { id: 'firebase' }], declarations: analytics });
    expect(await codes('consenty', de)).toEqual(['device_access_without_consent /processors/1']);
    // The German act's name since 14 May 2024 (TTDSG renamed: Telekommunikation-Digitale-Dienste-Datenschutz-Gesetz).
    expect((await owner('PUT', 'consenty/flows/legal', de)).json().warnings[0].message).toContain('in Germany § 25 TDDDG)');
    expect(await codes('consenty', { ...de, gdpr: { consent: ['analytics'] } })).toEqual([]);
    expect(await codes('consenty', { ...de, entity: { name: 'Consenty Ltd', contactEmail: 'a@b.example', jurisdiction: 'United Kingdom' } })).toEqual(['device_access_without_consent /processors/1']);
    expect(await codes('consenty', { ...de, entity: { name: 'Consenty Inc', contactEmail: 'a@b.example', jurisdiction: 'Texas, USA' } })).toEqual([]);
    // Publishing is not refused: only the owner knows whether the app asks.
    expect((await owner('PUT', 'consenty/flows/legal', de)).statusCode).toBe(200);
    expect((await owner('POST', 'consenty/flows/legal/publish')).statusCode).toBe(200);
  });

  it('US request methods: the form and toll-free number are validated, documented and printed; selling with email alone warns; a children’s app warns on the consent method', async () => {
    await t.createApp({ name: 'Sharey', slug: 'sharey' });
    const ca = { name: 'Sharey Inc', contactEmail: 'privacy@sharey.example', jurisdiction: 'California, USA' };
    const ads = goodLegal({ entity: ca, processors: [{ id: 'admob' }], declarations: { sellsData: false, advertising: true, analytics: true, tracking: true, profiling: false } });
    expect(await codes('sharey', ads)).toEqual(['us_opt_out_email_only /entity/privacyRequestUrl']);
    const bad = await owner('PUT', 'sharey/flows/legal', { ...ads, entity: { ...ca, privacyRequestUrl: 'http://sharey.example/requests', tollFreeNumber: 'call us' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['/entity/privacyRequestUrl', '/entity/tollFreeNumber']);
    const withForm = { ...ads, entity: { ...ca, privacyRequestUrl: 'https://sharey.example/requests', tollFreeNumber: '+1 800 555 0100' } };
    expect(await codes('sharey', withForm)).toEqual([]);
    expect((await owner('POST', 'sharey/flows/legal/publish')).statusCode).toBe(200);
    const page = (await web('/legal/sharey')).body;
    expect(page).toContain('<a href="https://sharey.example/requests" rel="noopener noreferrer">https://sharey.example/requests</a>');
    expect(page).toContain('toll-free at +1 800 555 0100');
    expect(await codes('sharey', goodLegal({ entity: ca, childrenDirected: true }))).toEqual(['children_consent_method /childrenDirected', 'children_operator_contact /entity/address']);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body;
    expect(doc).toContain('privacyRequestUrl');
    expect(doc).toContain('crash_reporting');
  });

  it('MCP: get/update/publish and both declarations', async () => {
    const client = await connectMcp(t);
    try {
      await t.createApp({ name: 'Agent', slug: 'agent' });
      const saved = toolJson(await client.callTool({ name: 'update_legal_draft', arguments: { appIdOrSlug: 'agent', config: goodLegal({ processors: [{ id: 'mixpanel' }] }) } }));
      expect(saved.warnings.map((w: { code: string }) => w.code)).toEqual(['analytics_contradiction', 'device_access_without_consent']);
      // The policy would deny analytics while listing Mixpanel: publish refuses, with the path.
      const refused = (await client.callTool({ name: 'publish_legal_flow', arguments: { appIdOrSlug: 'agent' } })) as ToolText;
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[0].text)).toMatchObject({ status: 422, issues: [{ path: '/processors/0' }] });
      const analytics = { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false };
      toolJson(await client.callTool({ name: 'update_legal_draft', arguments: { appIdOrSlug: 'agent', config: goodLegal({ processors: [{ id: 'mixpanel' }], declarations: analytics }) } }));
      const published = toolJson(await client.callTool({ name: 'publish_legal_flow', arguments: { appIdOrSlug: 'agent' } }));
      expect(published).toMatchObject({ ok: true, version: 1, privacy: 'http://web.test/legal/agent', terms: 'http://web.test/legal/agent/terms' });
      const env = toolJson(await client.callTool({ name: 'get_legal_flow', arguments: { appIdOrSlug: 'agent' } }));
      expect(env.published.config.effectiveDate).toBe('2026-04-15');
      const apple = toolJson(await client.callTool({ name: 'get_app_store_privacy_declaration', arguments: { appIdOrSlug: 'agent' } }));
      expect(apple.entries.map((e: { source: string }) => e.source)).toEqual(['Mixpanel', 'Mixpanel', 'Mixpanel']);
      const play = toolJson(await client.callTool({ name: 'get_play_data_safety', arguments: { appIdOrSlug: 'agent', version: 1 } }));
      expect(play.basis.version).toBe(1);
      const missing = (await client.callTool({ name: 'get_app_store_privacy_declaration', arguments: { appIdOrSlug: 'drafty' } })) as ToolText;
      expect(missing.isError).toBe(true);
      expect(JSON.parse(missing.content[0].text).status).toBe(404);
    } finally {
      await client.close();
    }
  });
});
