import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash, sdkAutoBody } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { connectMcp, type ToolText } from '../mcp/mcp.client.js';

/**
 * WIRE A.1 replayed exactly as the AppMate MCP client (appmate-mcp) calls the owner API (WIRE A.0):
 * real HTTP through `fetch`, `Authorization` + `Accept: application/json` on JSON calls,
 * `Content-Type: application/json` only when there is a body (publish POSTs and DELETEs have
 * neither body nor Content-Type), CSV exports with the `Authorization` header alone, path params
 * `encodeURIComponent`-ed and `?flowSlug=` appended after any sub-path. Beside each row our own MCP
 * tool of the same name is called with the same arguments and must agree.
 *
 * Rows that needed issue #19 item 6 (the WIRE details) name it in `needsItem6`; they all run.
 * Rows of capabilities owned by another issue carry `otherIssue`; they run when the routes exist.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Wire {
  status: number;
  contentType: string;
  text: string;
  json: any;
}
type Agree = 'same' | 'shape' | 'csv' | 'none' | ((rest: any, tool: any) => void);
interface Row {
  /** The A.1 tool name (or a label for legacy / error rows). */
  tool: string;
  /** Extra words for the test name. */
  note?: string;
  method: Method;
  /** Path after `/api/v1`, built with `a()` (encoded app), may carry a query. */
  path: () => string;
  body?: () => unknown;
  /** Another bearer token than the test owner's. */
  token?: string;
  /** A CSV export (`apiFetchText`: Authorization only). */
  csv?: boolean;
  /** Expected status (default: any 2xx). */
  status?: number;
  /** Fields A.1 documents on each row of the list (the array is found by `rows`). */
  fields?: string[];
  rows?: (body: any) => any[];
  check?: (w: Wire) => void | Promise<void>;
  /** Our MCP tool: name (default `tool`) and arguments; omitted = no tool beside this row. */
  mcp?: { name?: string; args: () => Record<string, unknown>; agree?: Agree };
  needsItem6?: string;
  /** Belongs to another open issue: skipped when this server has no `requires` tool yet. */
  otherIssue?: string;
  requires?: string;
}

/** A.1's 67 tools and their inputs (`?` = optional): the names agents already use. */
const app = ['appIdOrSlug'];
const page = ['limit?', 'cursor?'];
const flow = (type: string, multi: boolean) => ({
  [`get_${type}_flow`]: [...app, ...(multi ? ['flowSlug?'] : [])],
  [`update_${type}_draft`]: [...app, 'config', ...(multi ? ['flowSlug?'] : [])],
  [`publish_${type}_flow`]: [...app, ...(multi ? ['flowSlug?'] : [])],
});
const A1_INPUTS: Record<string, string[]> = {
  list_apps: [],
  get_app: app,
  create_app: ['name', 'slug?', 'bundleId?', 'deepLinkScheme?', 'logoUrl?'],
  get_qr_code: [...app, 'flow', 'theme?', 'referralCode?'],
  list_flows: [...app, 'type?'],
  ...flow('cancel', true),
  ...flow('waitlist', true),
  list_waitlist_signups: [...app, ...page],
  export_waitlist_csv: app,
  ...flow('feedback', false),
  list_feedback_submissions: [...app, ...page],
  ...flow('report', false),
  list_report_submissions: [...app, ...page, 'category?'],
  ...flow('crash', false),
  list_crash_submissions: [...app, ...page, 'status?'],
  set_crash_report_status: [...app, 'submissionId', 'status'],
  ...flow('app_promotion', true),
  ...flow('legal', false),
  get_app_store_privacy_declaration: app,
  ...flow('contact', false),
  list_contact_submissions: [...app, ...page],
  reply_to_contact_submission: [...app, 'submissionId', 'subject', 'body'],
  ...flow('link_page', false),
  ...flow('onboarding', false),
  list_onboarding_submissions: [...app, ...page],
  export_onboarding_csv: app,
  ...flow('referral', false),
  list_referrals: [...app, 'status?', ...page],
  export_referrals_csv: app,
  ...flow('wishlist', false),
  list_wishlist_ideas: [...app, 'status?', 'category?', 'sort?', ...page],
  create_wishlist_idea: [...app, 'title', 'body?', 'category?', 'status?'],
  set_wishlist_idea_status: [...app, 'ideaId', 'status', 'pinned?'],
  delete_wishlist_idea: [...app, 'ideaId'],
  list_wishlist_comments: [...app, 'ideaId', ...page],
  post_wishlist_comment: [...app, 'ideaId', 'body', 'official?'],
  delete_wishlist_comment: [...app, 'commentId'],
  export_wishlist_csv: app,
  list_short_links: [...app, ...page],
  get_short_link: [...app, 'linkIdOrCode'],
  create_short_link: [...app, 'url', 'name?', 'iosUrl?', 'androidUrl?', 'code?', 'expiresAt?', 'maxClicks?', 'expiredBehavior?', 'expiredUrl?', 'expiredMessage?'],
  update_short_link: [...app, 'linkIdOrCode', 'name?', 'url?', 'iosUrl?', 'androidUrl?', 'status?', 'expiresAt?', 'maxClicks?', 'expiredBehavior?', 'expiredUrl?', 'expiredMessage?', 'resetClicks?'],
  delete_short_link: [...app, 'linkIdOrCode'],
};

const ctx: Record<string, any> = {};
const APP = 'wire-app';
const a = () => encodeURIComponent(ctx.appArg ?? APP);
const A = (sub: string) => () => `/apps/${a()}${sub}`;

/** Same set of keys, recursively (objects; arrays compare their first element); null stands for any type. */
function sameShape(x: any, y: any, path = ''): void {
  if (Array.isArray(x) && Array.isArray(y)) {
    if (x.length && y.length) sameShape(x[0], y[0], `${path}[0]`);
    return;
  }
  if (x && y && typeof x === 'object' && typeof y === 'object') {
    expect(Object.keys(y).sort(), `keys at ${path || '/'}`).toEqual(Object.keys(x).sort());
    for (const k of Object.keys(x)) sameShape(x[k], y[k], `${path}/${k}`);
    return;
  }
  if (x !== null && y !== null) expect(typeof y, `type at ${path}`).toBe(typeof x);
}

const firstArray = (b: any): any[] => {
  if (Array.isArray(b)) return b;
  const arr = Object.values(b ?? {}).find(Array.isArray);
  if (!arr) throw new Error(`no list in ${JSON.stringify(b).slice(0, 200)}`);
  return arr as any[];
};

const csvHeader = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/)[0].split(',');

describeEachDb('WIRE A.1 replayed as the AppMate MCP client calls it', (dialect) => {
  let t: TestApp;
  let base: string;
  let mcp: Client;

  /** One call exactly as appmate-mcp's apiFetch / apiFetchText makes it. */
  async function wire(method: Method, path: string, body?: unknown, csv = false, token = t.token): Promise<Wire & { sent: Record<string, string> }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (!csv) headers.Accept = 'application/json';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    let json: any;
    if (!csv || !res.ok) {
      // The client JSON.parses any non-empty success body: it must be valid JSON.
      json = text === '' ? undefined : JSON.parse(text);
    }
    return { status: res.status, contentType, text, json, sent: headers };
  }

  async function tool(name: string, args: Record<string, unknown>) {
    const r = (await mcp.callTool({ name, arguments: args })) as ToolText;
    const body = JSON.parse(r.content[0].text);
    if (r.isError) throw new Error(`tool ${name} failed: ${r.content[0].text}`);
    return body;
  }

  /** Public API calls (the SDK's side) that create the data owner rows list. */
  async function pub(path: string, body: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${base}/api/public/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...extra }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`public ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' } });
    mcp = await connectMcp(t);
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ctx.tools = new Set((await mcp.listTools()).tools.map((x) => x.name));
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  const flowRows = (type: string, segment: string, config: () => Record<string, unknown>, opts: { fs?: string; putCheck?: (w: Wire) => void; pubCheck?: (w: Wire) => void; getCheck?: (w: Wire) => void; otherIssue?: string; mcpType?: string } = {}): Row[] => {
    const q = opts.fs ? `?flowSlug=${encodeURIComponent(opts.fs)}` : '';
    const fsArg = opts.fs ? { flowSlug: opts.fs } : {};
    const note = opts.fs ? `flowSlug=${opts.fs}` : undefined;
    const mt = opts.mcpType ?? type;
    return [
      {
        tool: `update_${mt}_draft`,
        note,
        method: 'PUT',
        path: A(`/flows/${segment}${q}`),
        body: config,
        otherIssue: opts.otherIssue,
        check: (w) => {
          expect(w.json).toMatchObject({ ok: true, warnings: expect.any(Array) });
          opts.putCheck?.(w);
        },
        mcp: {
          args: () => ({ appIdOrSlug: ctx.appArg ?? APP, config: config(), ...fsArg }),
          agree: (r, m) => {
            expect(m.ok).toBe(true);
            expect(m.warnings).toEqual(r.warnings);
          },
        },
      },
      {
        tool: `publish_${mt}_flow`,
        note,
        method: 'POST',
        path: A(`/flows/${segment}/publish${q}`),
        otherIssue: opts.otherIssue,
        check: (w) => {
          expect(w.json.ok).toBe(true);
          opts.pubCheck?.(w);
        },
        mcp: { args: () => ({ appIdOrSlug: ctx.appArg ?? APP, ...fsArg }), agree: 'shape' },
      },
      {
        tool: `get_${mt}_flow`,
        note,
        method: 'GET',
        path: A(`/flows/${segment}${q}`),
        otherIssue: opts.otherIssue,
        check: (w) => {
          expect(w.json.published?.config, 'published config').toBeTruthy();
          expect(w.json.draft?.config, 'draft config').toBeTruthy();
          opts.getCheck?.(w);
        },
        mcp: { args: () => ({ appIdOrSlug: ctx.appArg ?? APP, ...fsArg }), agree: 'same' },
      },
    ];
  };

  const wishlistA2 = () =>
    goodWishlist({
      categories: [
        { id: 'feature', label: 'Feature', emoji: '✨', hint: 'Something new' },
        { id: 'bug', label: 'Bug' },
      ],
      success: { title: 'Thanks!', body: 'We read every idea.', ctaLabel: 'Back to the app', ctaUrl: 'https://example.org/app' },
      hero: { eyebrow: 'Roadmap', accentColor: '#0f766e', titleFont: 'serif' },
    });
  const waitlistWithFields = () => ({ ...goodWaitlist(), fields: [{ id: 'role', label: 'Your role', type: 'select', options: ['Dev', 'PM'], required: false }] });
  const promotionConfig = () => ({ type: 'app_promotion', placement: 'after_onboarding', destinations: [{ destinationAppId: ctx.destAppId }] });

  const steps: (Row | { seed: string; run: () => Promise<void> })[] = [
    // ---- apps
    {
      tool: 'create_app',
      method: 'POST',
      path: () => '/apps',
      body: () => ({ name: 'Wire App', slug: APP, bundleId: 'com.example.wire', deepLinkScheme: 'wireapp', logoUrl: 'https://example.org/logo.png' }),
      check: (w) => {
        expect(w.json.app ?? w.json).toMatchObject({ slug: APP, name: 'Wire App', bundleId: 'com.example.wire', deepLinkScheme: 'wireapp' });
        ctx.appId = (w.json.app ?? w.json).id;
      },
      mcp: { args: () => ({ name: 'Wire App Two' }), agree: 'shape' },
    },
    {
      tool: 'list_apps',
      method: 'GET',
      path: () => '/apps',
      fields: ['id', 'slug', 'name', 'bundleId', 'deepLinkScheme', 'logoUrl', 'createdAt', 'updatedAt'],
      mcp: { args: () => ({}), agree: 'same' },
    },
    {
      tool: 'get_app',
      note: 'by id',
      method: 'GET',
      path: () => `/apps/${encodeURIComponent(ctx.appId)}`,
      check: (w) => expect(w.json.slug ?? w.json.app?.slug).toBe(APP),
      mcp: { args: () => ({ appIdOrSlug: ctx.appId }), agree: 'same' },
    },
    {
      tool: 'get_app',
      note: 'by slug',
      method: 'GET',
      path: A(''),
      check: (w) => expect((w.json.app ?? w.json).id).toBe(ctx.appId),
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    // ---- flows (cancel first: primary, then a secondary through ?flowSlug= after the sub-path)
    ...flowRows('cancel', 'cancel', goodCancel),
    ...flowRows('cancel', 'cancel', goodCancel, { fs: 'winback' }),
    {
      tool: 'list_flows',
      method: 'GET',
      path: A('/flows'),
      fields: ['id', 'type', 'slug', 'name', 'status', 'isPrimary'],
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    {
      tool: 'list_flows',
      note: '?type=cancel',
      method: 'GET',
      path: A('/flows?type=cancel'),
      fields: ['id', 'type', 'slug', 'name', 'status', 'isPrimary'],
      check: (w) => expect(firstArray(w.json).map((f) => [f.slug, f.isPrimary, f.status])).toEqual(expect.arrayContaining([['cancel', true, 'published'], ['winback', false, 'published']])),
      mcp: { args: () => ({ appIdOrSlug: APP, type: 'cancel' }), agree: 'same' },
    },
    {
      tool: 'list_flows',
      note: '?type=pre_cancel (legacy name) = ?type=cancel',
      method: 'GET',
      path: A('/flows?type=pre_cancel'),
      check: async (w) => expect(w.json).toEqual((await wire('GET', `/apps/${a()}/flows?type=cancel`)).json),
      mcp: { args: () => ({ appIdOrSlug: APP, type: 'pre_cancel' }), agree: 'same' },
    },
    {
      tool: 'list_flows',
      note: '?type=waitlist before any waitlist → empty',
      method: 'GET',
      path: A('/flows?type=waitlist'),
      check: (w) => expect(w.json.flows).toEqual([]),
      mcp: { args: () => ({ appIdOrSlug: APP, type: 'waitlist' }), agree: 'same' },
    },
    {
      tool: 'list_flows',
      note: 'unknown ?type → 400 naming the types',
      method: 'GET',
      path: A('/flows?type=pre-cancellation'),
      status: 400,
      check: (w) => expect(w.json.error).toMatch(/unknown flow type "pre-cancellation".*cancel/),
    },
    {
      tool: 'get_waitlist_flow',
      note: 'before any draft → 404 saying to PUT one',
      method: 'GET',
      path: A('/flows/waitlist'),
      status: 404,
      check: (w) => expect(w.json.error).toMatch(/PUT a config/),
    },
    {
      tool: 'update_pre_cancel_draft',
      note: '(legacy path) JSON string body → 422 "expected object, received string"',
      method: 'PUT',
      path: A('/flows/pre-cancel'),
      body: () => JSON.stringify({ ...goodCancel(), type: 'pre_cancel' }),
      status: 422,
      check: (w) => expect(w.json.error).toMatch(/expected object, received string/i),
    },
    // Legacy first tools.ts: /flows/pre-cancel with type 'pre_cancel'; no tool of ours carries the old names.
    {
      tool: 'update_pre_cancel_draft',
      note: '(legacy path)',
      method: 'PUT',
      path: A('/flows/pre-cancel'),
      body: () => ({ ...goodCancel(), type: 'pre_cancel' }),
      check: (w) => expect(w.json).toMatchObject({ ok: true, warnings: [] }),
    },
    {
      tool: 'publish_pre_cancel_flow',
      note: '(legacy path)',
      method: 'POST',
      path: A('/flows/pre-cancel/publish'),
      check: (w) => expect(w.json.ok).toBe(true),
    },
    {
      tool: 'get_pre_cancel_flow',
      note: '(legacy path) = get_cancel_flow',
      method: 'GET',
      path: A('/flows/pre-cancel'),
      check: (w) => expect(w.json.published.config.type).toBe('cancel'),
      mcp: { name: 'get_cancel_flow', args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    // ---- waitlist
    ...flowRows('waitlist', 'waitlist', waitlistWithFields),
    {
      tool: 'update_waitlist_draft',
      note: 'hero bullet without icon (A.2)',
      needsItem6: 'waitlist hero.bullets[].icon optional',
      method: 'PUT',
      path: A('/flows/waitlist?flowSlug=no-icons'),
      body: () => ({ ...goodWaitlist(), hero: { theme: 'minimal', bullets: [{ title: 'Fast' }] } }),
      mcp: { args: () => ({ appIdOrSlug: APP, flowSlug: 'no-icons', config: { ...goodWaitlist(), hero: { theme: 'minimal', bullets: [{ title: 'Fast' }] } } }), agree: (r, m) => expect(m.warnings).toEqual(r.warnings) },
    },
    {
      seed: 'waitlist signups',
      run: async () => {
        await pub('waitlist', { appSlug: APP, email: 'first@example.com', source: 'sdk', attributes: { role: 'Dev' } }, { 'cf-ipcountry': 'DE' });
        await pub('waitlist', { appSlug: APP, email: 'second@example.com', source: 'web', attributes: { role: 'PM' } });
      },
    },
    {
      tool: 'list_waitlist_signups',
      method: 'GET',
      path: A('/waitlist/signups?limit=1'),
      fields: ['id', 'email', 'source', 'country', 'area', 'approxLat', 'approxLon', 'geohash', 'locale', 'platform', 'appVersion', 'userAgent', 'createdAt'],
      check: (w) => {
        expect(firstArray(w.json)).toHaveLength(1);
        expect(typeof w.json.nextCursor).toBe('string');
        ctx.waitlistCursor = w.json.nextCursor;
      },
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 1 }), agree: 'same' },
    },
    {
      tool: 'list_waitlist_signups',
      note: 'second page',
      method: 'GET',
      path: () => `/apps/${a()}/waitlist/signups?limit=1&cursor=${encodeURIComponent(ctx.waitlistCursor)}`,
      check: (w) => expect(firstArray(w.json)[0].email).toBe('first@example.com'),
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 1, cursor: ctx.waitlistCursor }), agree: 'same' },
    },
    {
      tool: 'export_waitlist_csv',
      method: 'GET',
      path: A('/waitlist/signups.csv'),
      csv: true,
      check: (w) => {
        expect(csvHeader(w.text)).toEqual(expect.arrayContaining(['email', 'source', 'createdAt']));
        // Issue #35: the client sends no query and expects the custom-field answers.
        expect(csvHeader(w.text)).toEqual(['id', 'email', 'source', 'country', 'user_agent', 'createdAt', 'role']);
        expect(w.text).toContain('Dev');
        expect(w.text).toContain('first@example.com');
        expect(w.text).toContain('second@example.com');
      },
      mcp: { args: () => ({ appIdOrSlug: APP }) },
    },
    {
      tool: 'export_waitlist_csv',
      note: 'custom field answers (?columns=all)',
      needsItem6: 'waitlist CSV ?columns=all',
      method: 'GET',
      path: A('/waitlist/signups.csv?columns=all'),
      csv: true,
      check: (w) => {
        expect(csvHeader(w.text)).toEqual(expect.arrayContaining([expect.stringMatching(/role/i)]));
        expect(w.text).toContain('Dev');
      },
    },
    // ---- feedback / report / contact / crash
    ...flowRows('feedback', 'feedback', goodFeedback),
    ...flowRows('report', 'report', goodReport),
    ...flowRows('contact', 'contact', goodContact),
    ...flowRows('crash', 'crash', goodCrash),
    {
      seed: 'feedback, report, contact and crash submissions',
      run: async () => {
        await pub('feedback', { appSlug: APP, message: 'Love it', rating: 5, email: 'fb@example.com', source: 'sdk', attributes: { plan: 'Pro' } });
        await pub('report', { appSlug: APP, message: 'It crashed', category: 'bug', email: 'rp@example.com', source: 'sdk' });
        await pub('report', { appSlug: APP, message: 'Spam user', category: 'abuse', source: 'web' });
        await pub('contact', { appSlug: APP, name: 'Ann', email: 'ann@example.com', message: 'Hello there', source: 'sdk' });
        await pub('crash', sdkAutoBody(APP, { email: 'crash@example.com' }));
      },
    },
    {
      tool: 'list_feedback_submissions',
      method: 'GET',
      path: A('/feedback/submissions?limit=50'),
      fields: ['id', 'message', 'rating', 'email', 'source', 'createdAt'],
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 50 }), agree: 'same' },
    },
    {
      tool: 'list_report_submissions',
      method: 'GET',
      path: A('/report/submissions?category=bug'),
      fields: ['id', 'message', 'category', 'email', 'source', 'createdAt'],
      check: (w) => expect(firstArray(w.json).map((r) => r.category)).toEqual(['bug']),
      mcp: { args: () => ({ appIdOrSlug: APP, category: 'bug' }), agree: 'same' },
    },
    {
      tool: 'list_contact_submissions',
      method: 'GET',
      path: A('/contact/submissions'),
      fields: ['id', 'name', 'email', 'message', 'source', 'country', 'createdAt'],
      check: (w) => {
        ctx.contactId = firstArray(w.json)[0].id;
      },
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    {
      tool: 'reply_to_contact_submission',
      method: 'POST',
      path: () => `/apps/${a()}/contact/submissions/${encodeURIComponent(ctx.contactId)}/reply`,
      body: () => ({ subject: 'Re: Hello', body: 'Thanks for writing.' }),
      check: (w) => expect(w.json).toMatchObject({ ok: true, mode: 'logged' }),
      mcp: { args: () => ({ appIdOrSlug: APP, submissionId: ctx.contactId, subject: 'Re: Hello again', body: 'One more thing.' }), agree: (r, m) => expect(m).toMatchObject({ ok: r.ok, mode: r.mode }) },
    },
    {
      tool: 'list_crash_submissions',
      method: 'GET',
      path: A('/crash/submissions?limit=10&status=new'),
      fields: ['id', 'message', 'status', 'reviewedAt', 'exceptionName', 'exceptionReason', 'stackTrace', 'platform', 'osVersion', 'deviceModel', 'appVersion', 'buildNumber', 'crashedAt', 'metadata', 'attachments', 'email', 'source', 'country', 'userAgent', 'createdAt'],
      check: (w) => {
        const row = firstArray(w.json)[0];
        expect(row.attachments[0]).toEqual({ name: 'console.log', content: 'boot ok\ntap cart\n' });
        ctx.crashId = row.id;
      },
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 10, status: 'new' }), agree: 'same' },
    },
    {
      tool: 'set_crash_report_status',
      method: 'PATCH',
      path: () => `/apps/${a()}/crash/submissions/${encodeURIComponent(ctx.crashId)}`,
      body: () => ({ status: 'reviewed' }),
      check: async () => {
        const list = await wire('GET', `/apps/${a()}/crash/submissions?status=reviewed`);
        expect(typeof firstArray(list.json)[0].reviewedAt).toBe('string');
      },
      mcp: {
        args: () => ({ appIdOrSlug: APP, submissionId: ctx.crashId, status: 'new' }),
        agree: async () => {
          const list = await wire('GET', `/apps/${a()}/crash/submissions?status=new`);
          expect(firstArray(list.json)[0].reviewedAt).toBeNull();
        },
      },
    },
    // ---- app promotion (its own issue; rows run when the routes exist)
    {
      seed: 'a destination app for the promotion',
      run: async () => {
        const r = await wire('POST', '/apps', { name: 'Wire Dest', slug: 'wire-dest', deepLinkScheme: 'wiredest' });
        ctx.destAppId = (r.json.app ?? r.json).id;
      },
    },
    ...flowRows('app_promotion', 'app-promotion', promotionConfig, { otherIssue: 'app promotion' }),
    {
      tool: 'list_flows',
      note: '?type=app-promotion (URL segment) [app promotion]',
      method: 'GET',
      path: A('/flows?type=app-promotion'),
      otherIssue: 'app promotion',
      requires: 'get_app_promotion_flow',
      fields: ['id', 'type', 'slug', 'name', 'status', 'isPrimary'],
      check: (w) => expect(firstArray(w.json).map((f) => [f.type, f.slug])).toEqual([['app_promotion', 'promotion']]),
      mcp: { args: () => ({ appIdOrSlug: APP, type: 'app_promotion' }), agree: 'same' },
    },
    // ---- legal
    ...flowRows('legal', 'legal', goodLegal, {
      pubCheck: (w) => {
        expect(typeof w.json.privacy).toBe('string');
        expect(typeof w.json.terms).toBe('string');
      },
      // "published + draft + the public URLs"
      getCheck: (w) => expect(w.json).toMatchObject({ privacy: expect.stringContaining(`/legal/${APP}`), terms: expect.stringContaining(`/legal/${APP}`) }),
    }),
    {
      tool: 'get_app_store_privacy_declaration',
      method: 'GET',
      path: A('/legal/app-store-privacy'),
      check: (w) => {
        expect(w.json).toMatchObject({ basis: expect.anything(), dataNotCollected: expect.any(Boolean), entries: expect.any(Array), unmappedProcessors: expect.any(Array) });
        for (const e of w.json.entries) expect(Object.keys(e)).toEqual(expect.arrayContaining(['category', 'purpose', 'linkedToIdentity', 'usedForTracking', 'source']));
      },
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    // ---- link page
    ...flowRows('link_page', 'link-page', goodLinkPage),
    // ---- onboarding
    ...flowRows('onboarding', 'onboarding', goodOnboarding),
    {
      seed: 'an onboarding submission',
      run: async () => {
        await pub('onboarding/complete', { appSlug: APP, answers: { goal: 'fall_asleep', habits: ['screens'] }, email: 'ob@example.com' }, { 'cf-ipcountry': 'NL' });
      },
    },
    {
      tool: 'list_onboarding_submissions',
      method: 'GET',
      path: A('/onboarding/submissions'),
      fields: ['id', 'answers', 'email', 'source', 'claimed', 'claimedAt', 'country', 'createdAt'],
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    {
      tool: 'export_onboarding_csv',
      method: 'GET',
      path: A('/onboarding/submissions.csv'),
      csv: true,
      check: (w) => {
        // email + answers JSON + claim status
        expect(csvHeader(w.text)).toEqual(expect.arrayContaining(['email', 'answers', 'claimed', 'claimedAt']));
        expect(w.text).toContain('ob@example.com');
        expect(w.text).toContain('fall_asleep');
      },
      mcp: { args: () => ({ appIdOrSlug: APP }) },
    },
    // ---- referral
    ...flowRows('referral', 'referral', goodReferral),
    {
      tool: 'update_referral_draft',
      note: 'legacy {referrerWeeks, refereeWeeks}',
      method: 'PUT',
      path: A('/flows/referral'),
      body: () => ({ ...goodReferral(), rewards: { referrerWeeks: 2, refereeWeeks: 1, refereeEnabled: true } }),
      check: async (w) => {
        expect(w.json.ok).toBe(true);
        const env = await wire('GET', `/apps/${a()}/flows/referral`);
        expect(env.json.draft.config.rewards.referrer).toMatchObject({ amount: 2, unit: 'week' });
      },
    },
    {
      seed: 'a referral (code + attribution)',
      run: async () => {
        const { code } = await pub('referral/code', { appSlug: APP, userId: 'alice' });
        await pub('referral/attribute', { appSlug: APP, code, userId: 'bob' });
      },
    },
    {
      tool: 'list_referrals',
      method: 'GET',
      path: A('/referrals?status=attributed&limit=50'),
      fields: ['id', 'code', 'referrerUserId', 'status', 'source', 'refereeUserId', 'attributedAt', 'referrerRewarded', 'refereeRewarded', 'country', 'createdAt'],
      check: (w) => expect(firstArray(w.json)[0]).toMatchObject({ referrerUserId: 'alice', refereeUserId: 'bob', status: 'attributed', source: 'code' }),
      mcp: { args: () => ({ appIdOrSlug: APP, status: 'attributed', limit: 50 }), agree: 'same' },
    },
    {
      tool: 'export_referrals_csv',
      method: 'GET',
      path: A('/referrals.csv'),
      csv: true,
      check: (w) => {
        // code, status, source, referee, reward flags
        expect(csvHeader(w.text)).toEqual(expect.arrayContaining(['code', 'status', 'source', 'refereeUserId', 'referrerRewarded', 'refereeRewarded']));
        expect(w.text).toContain('bob');
      },
      mcp: { args: () => ({ appIdOrSlug: APP }) },
    },
    // ---- wishlist
    ...flowRows('wishlist', 'wishlist', () => goodWishlist()),
    {
      tool: 'update_wishlist_draft',
      note: 'as WIRE A.2 documents it (hint, success CTA, titleFont)',
      needsItem6: 'wishlist categories[].hint / success.ctaLabel+ctaUrl / hero.titleFont',
      method: 'PUT',
      path: A('/flows/wishlist'),
      body: wishlistA2,
      check: (w) => expect(w.json).toMatchObject({ ok: true, warnings: [] }),
      mcp: { args: () => ({ appIdOrSlug: APP, config: wishlistA2() }), agree: (r, m) => expect(m.warnings).toEqual(r.warnings) },
    },
    {
      tool: 'create_wishlist_idea',
      method: 'POST',
      path: A('/wishlist/ideas'),
      body: () => ({ title: 'Dark mode', body: 'Please', category: 'feature' }),
      check: (w) => {
        const idea = w.json.idea ?? w.json;
        expect(idea).toMatchObject({ title: 'Dark mode', status: 'open', category: 'feature' });
        ctx.ideaId = idea.id;
      },
      mcp: {
        args: () => ({ appIdOrSlug: APP, title: 'Widgets', status: 'pending' }),
        agree: (r, m) => {
          const idea = m.idea ?? m;
          expect(idea.status).toBe('pending');
          ctx.ideaId2 = idea.id;
          sameShape(r, m);
        },
      },
    },
    {
      tool: 'set_wishlist_idea_status',
      method: 'PATCH',
      path: () => `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}`,
      body: () => ({ status: 'planned', pinned: true }),
      mcp: { args: () => ({ appIdOrSlug: APP, ideaId: ctx.ideaId, status: 'in_progress' }), agree: 'shape' },
    },
    {
      tool: 'post_wishlist_comment',
      method: 'POST',
      path: () => `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}/comments`,
      body: () => ({ body: 'On it!', official: false }),
      check: (w) => {
        ctx.commentId = (w.json.comment ?? w.json).id;
      },
      mcp: {
        args: () => ({ appIdOrSlug: APP, ideaId: ctx.ideaId, body: 'Shipping soon', official: true }),
        agree: (r, m) => {
          ctx.commentId2 = (m.comment ?? m).id;
          sameShape(r, m);
        },
      },
    },
    {
      tool: 'list_wishlist_comments',
      method: 'GET',
      path: () => `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}/comments?limit=50`,
      fields: ['id', 'body', 'author', 'isOwner', 'isOfficial', 'createdAt'],
      check: (w) => {
        const rows = firstArray(w.json);
        expect(rows.map((c) => c.body)).toEqual(['On it!', 'Shipping soon']);
        expect(rows.map((c) => c.isOfficial)).toEqual([false, true]);
      },
      mcp: { args: () => ({ appIdOrSlug: APP, ideaId: ctx.ideaId, limit: 50 }), agree: 'same' },
    },
    {
      tool: 'delete_wishlist_comment',
      method: 'DELETE',
      path: () => `/apps/${a()}/wishlist/comments/${encodeURIComponent(ctx.commentId)}`,
      mcp: { args: () => ({ appIdOrSlug: APP, commentId: ctx.commentId2 }), agree: 'shape' },
      check: async () => {
        const rows = firstArray((await wire('GET', `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}/comments`)).json);
        expect(rows.map((c) => c.id)).not.toContain(ctx.commentId);
      },
    },
    {
      tool: 'list_wishlist_ideas',
      method: 'GET',
      path: A('/wishlist/ideas'),
      fields: ['id', 'title', 'body', 'category', 'status', 'voteCount', 'commentCount', 'pinned', 'author', 'email', 'source', 'country', 'createdAt'],
      check: (w) => {
        const rows = firstArray(w.json);
        // ALL statuses, pending included; admin default sort is `new`.
        expect(rows.map((r) => r.id).sort()).toEqual([ctx.ideaId2, ctx.ideaId].sort());
        expect(rows.map((r) => r.status).sort()).toEqual(['in_progress', 'pending']);
        expect(rows[0].createdAt >= rows[1].createdAt).toBe(true);
      },
      mcp: { args: () => ({ appIdOrSlug: APP }), agree: 'same' },
    },
    {
      tool: 'list_wishlist_ideas',
      note: 'status + category + sort',
      method: 'GET',
      path: A('/wishlist/ideas?status=in_progress&category=feature&sort=votes&limit=10'),
      // pinned survives a PATCH that does not send it ("pinned only when given")
      check: (w) => expect(firstArray(w.json).map((r) => [r.id, r.pinned])).toEqual([[ctx.ideaId, true]]),
      mcp: { args: () => ({ appIdOrSlug: APP, status: 'in_progress', category: 'feature', sort: 'votes', limit: 10 }), agree: 'same' },
    },
    {
      tool: 'set_wishlist_idea_status',
      note: "back to 'pending' hides it",
      needsItem6: 'any wishlist status from any status, incl. back to pending',
      method: 'PATCH',
      path: () => `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}`,
      body: () => ({ status: 'pending' }),
      mcp: { args: () => ({ appIdOrSlug: APP, ideaId: ctx.ideaId, status: 'open' }), agree: 'shape' },
    },
    {
      tool: 'export_wishlist_csv',
      method: 'GET',
      path: A('/wishlist/ideas.csv'),
      csv: true,
      check: (w) => {
        expect(csvHeader(w.text)).toEqual(['created_at', 'status', 'title', 'votes', 'comments', 'category', 'email', 'author', 'country', 'body']);
        expect(w.text).toContain('Dark mode');
      },
      mcp: { args: () => ({ appIdOrSlug: APP }) },
    },
    {
      tool: 'delete_wishlist_idea',
      method: 'DELETE',
      path: () => `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId2)}`,
      mcp: {
        args: () => ({ appIdOrSlug: APP, ideaId: ctx.ideaId }),
        agree: async (r, m) => {
          sameShape(r, m);
          // Hard delete, comments included.
          expect((await wire('GET', `/apps/${a()}/wishlist/ideas/${encodeURIComponent(ctx.ideaId)}/comments`)).status).toBe(404);
          expect(firstArray((await wire('GET', `/apps/${a()}/wishlist/ideas`)).json)).toEqual([]);
          const left = await t.db.db.selectFrom('wishlist_comments').select('id').where('idea_id', '=', ctx.ideaId).execute();
          expect(left).toEqual([]);
        },
      },
      check: async () => {
        const rows = firstArray((await wire('GET', `/apps/${a()}/wishlist/ideas`)).json);
        expect(rows.map((r) => r.id)).not.toContain(ctx.ideaId2);
      },
    },
    // ---- short links
    {
      tool: 'create_short_link',
      method: 'POST',
      path: A('/links'),
      body: () => ({ url: 'https://example.org/a', name: 'Spring', iosUrl: 'https://apps.apple.com/app/id1', code: 'spring-a', maxClicks: 100, expiredBehavior: 'page', expiredMessage: 'Over' }),
      check: (w) => {
        const link = w.json.link ?? w.json;
        expect(link).toMatchObject({ code: 'spring-a', shortUrl: expect.any(String) });
        ctx.linkId = link.id;
      },
      mcp: {
        args: () => ({ appIdOrSlug: APP, url: 'https://example.org/b', code: 'spring-b', expiresAt: '2030-01-01T00:00:00.000Z', expiredBehavior: 'redirect', expiredUrl: 'https://example.org/over' }),
        agree: (r, m) => {
          ctx.linkId2 = (m.link ?? m).id;
          sameShape(r, m);
        },
      },
    },
    {
      tool: 'list_short_links',
      method: 'GET',
      path: A('/links?limit=50'),
      fields: ['id', 'code', 'shortUrl', 'name', 'url', 'iosUrl', 'androidUrl', 'status', 'state', 'expiresAt', 'maxClicks', 'clickCount', 'expiredBehavior', 'expiredUrl', 'expiredMessage', 'createdAt', 'updatedAt'],
      check: (w) => expect(firstArray(w.json).map((l) => l.code)).toEqual(['spring-b', 'spring-a']),
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 50 }), agree: 'same' },
    },
    {
      tool: 'get_short_link',
      note: 'by code',
      method: 'GET',
      path: A('/links/spring-a'),
      check: (w) => {
        expect(w.json.link.code).toBe('spring-a');
        expect(w.json.stats).toMatchObject({ clicks: expect.any(Number), byTarget: { ios: 0, android: 0, fallback: 0, expired: 0 }, topCountries: [], botClicks: 0 });
      },
      mcp: { args: () => ({ appIdOrSlug: APP, linkIdOrCode: ctx.linkId }), agree: 'same' },
    },
    {
      tool: 'update_short_link',
      method: 'PATCH',
      path: A('/links/spring-a'),
      body: () => ({ name: 'Spring sale', iosUrl: null, expiresAt: null, maxClicks: null, status: 'disabled', resetClicks: true }),
      check: (w) => expect(w.json.link ?? w.json).toMatchObject({ name: 'Spring sale', iosUrl: null, maxClicks: null, status: 'disabled' }),
      mcp: { args: () => ({ appIdOrSlug: APP, linkIdOrCode: 'spring-b', name: 'B', androidUrl: null }), agree: 'shape' },
    },
    {
      tool: 'delete_short_link',
      method: 'DELETE',
      path: A('/links/spring-a'),
      check: (w) => expect(w.json).toEqual({ deleted: true, id: ctx.linkId, code: 'spring-a' }),
      mcp: { args: () => ({ appIdOrSlug: APP, linkIdOrCode: ctx.linkId2 }), agree: (r, m) => expect(m).toEqual({ deleted: true, id: ctx.linkId2, code: 'spring-b' }) },
    },
    // ---- get_qr_code: the client only calls get_app and builds the image URLs itself.
    {
      tool: 'get_qr_code',
      note: '(get_app, then the URLs the client builds)',
      method: 'GET',
      path: A(''),
      check: async (w) => {
        const slug = w.json.slug ?? w.json.app?.slug;
        expect(slug).toBe(APP);
        const png = await fetch(`${base}/api/public/qr/${slug}/waitlist?format=png&size=1024&theme=dark`);
        expect(png.status).toBe(200);
        expect(png.headers.get('content-type')).toMatch(/^image\/png/);
        const svg = await fetch(`${base}/api/public/qr/${slug}/link?format=svg`);
        expect(svg.status).toBe(200);
        expect(await svg.text()).toContain('<svg');
      },
      mcp: {
        args: () => ({ appIdOrSlug: APP, flow: 'waitlist', theme: 'dark' }),
        agree: (_r, m) => {
          expect(m).toMatchObject({ app: APP, flow: 'waitlist', pngUrl: expect.any(String), svgUrl: expect.any(String), note: expect.any(String) });
          const u = new URL(m.pngUrl);
          expect(u.pathname).toBe(`/api/public/qr/${APP}/waitlist`);
          expect(Object.fromEntries(u.searchParams)).toMatchObject({ format: 'png', theme: 'dark' });
          expect(new URL(m.svgUrl).searchParams.get('format')).toBe('svg');
        },
      },
    },
    // ---- errors: JSON `{ error }` with a useful message, nothing changed
    {
      tool: 'get_app',
      note: 'unknown app → 404 { error }',
      method: 'GET',
      path: () => `/apps/${encodeURIComponent('no such/app')}`,
      status: 404,
      check: (w) => expect(w.json.error).toMatch(/app/i),
    },
    {
      tool: 'list_flows',
      note: 'unknown app → 404 { error }',
      method: 'GET',
      path: () => '/apps/ghost-app/flows',
      status: 404,
      check: (w) => expect(w.json.error).toMatch(/app/i),
    },
    {
      tool: 'publish_feedback_flow',
      note: 'unknown app → 404 { error }',
      method: 'POST',
      path: () => '/apps/ghost-app/flows/feedback/publish',
      status: 404,
      check: (w) => expect(w.json.error).toMatch(/app/i),
    },
    {
      tool: 'update_feedback_draft',
      note: 'a JSON string body → 422 "expected object, received string"',
      method: 'PUT',
      path: A('/flows/feedback'),
      body: () => JSON.stringify(goodFeedback()),
      status: 422,
      check: (w) => expect(JSON.stringify(w.json)).toMatch(/expected object, received string/i),
    },
    {
      tool: 'update_cancel_draft',
      note: 'invalid config → 422 with paths',
      method: 'PUT',
      path: A('/flows/cancel'),
      body: () => ({ type: 'cancel', intro: {} }),
      status: 422,
      check: (w) => {
        expect(typeof w.json.error).toBe('string');
        expect(w.json.issues.map((i: { path: string }) => i.path)).toContain('/intro/title');
      },
    },
    {
      tool: 'create_wishlist_idea',
      note: 'missing title → 422',
      method: 'POST',
      path: A('/wishlist/ideas'),
      body: () => ({ body: 'no title' }),
      status: 422,
      check: (w) => expect(w.json.issues.map((i: { path: string }) => i.path)).toContain('/title'),
    },
    {
      tool: 'set_crash_report_status',
      note: 'unknown submission → 404',
      method: 'PATCH',
      path: () => `/apps/${a()}/crash/submissions/${encodeURIComponent('nope/../x')}`,
      body: () => ({ status: 'resolved' }),
      status: 404,
      check: (w) => expect(typeof w.json.error).toBe('string'),
    },
    {
      tool: 'update_short_link',
      note: 'code is rejected',
      method: 'PATCH',
      path: A('/links/spring-b'),
      body: () => ({ code: 'other' }),
      status: 422,
      check: (w) => expect(typeof w.json.error).toBe('string'),
    },
    {
      tool: 'list_apps',
      note: 'unknown token → 401 { error }',
      method: 'GET',
      path: () => '/apps',
      token: 'amk_not-a-token',
      status: 401,
    },
    {
      tool: 'export_wishlist_csv',
      note: 'unknown app → 404 JSON { error } (no Accept sent)',
      method: 'GET',
      path: () => '/apps/ghost-app/wishlist/ideas.csv',
      csv: true,
      status: 404,
      check: (w) => expect(JSON.parse(w.text).error).toMatch(/app/i),
    },
    {
      tool: 'list_wishlist_comments',
      note: 'unknown idea → 404',
      method: 'GET',
      path: () => `/apps/${a()}/wishlist/ideas/nope/comments`,
      status: 404,
    },
    {
      tool: 'list_short_links',
      note: 'limit above the cap is clamped to 200',
      needsItem6: 'list limit above the cap clamped to 200',
      method: 'GET',
      path: A('/links?limit=500'),
      check: (w) => expect(Array.isArray(firstArray(w.json))).toBe(true),
      mcp: { args: () => ({ appIdOrSlug: APP, limit: 500 }), agree: 'same' },
    },
    {
      tool: 'list_waitlist_signups',
      note: 'limit 0 → 400 { error, issues }',
      method: 'GET',
      path: A('/waitlist/signups?limit=0'),
      status: 400,
      check: (w) => expect(w.json.issues.map((i: { path: string }) => i.path)).toContain('/limit'),
    },
  ];

  it('every A.1 tool is replayed above and is one of our MCP tools, taking the inputs A.1 lists', async () => {
    expect(Object.keys(A1_INPUTS)).toHaveLength(67);
    const replayed = new Set(steps.flatMap((st) => ('tool' in st ? [st.tool] : [])));
    expect(Object.keys(A1_INPUTS).filter((n) => !replayed.has(n))).toEqual([]);
    const { tools } = await mcp.listTools();
    const ours = new Map(tools.map((x) => [x.name, x]));
    const problems: string[] = [];
    for (const [name, inputs] of Object.entries(A1_INPUTS)) {
      const tl = ours.get(name);
      if (!tl) {
        problems.push(`${name}: no such tool`);
        continue;
      }
      const props = Object.keys(tl.inputSchema.properties ?? {});
      const missing = inputs.filter((i) => !props.includes(i.replace('?', '')));
      if (missing.length) problems.push(`${name}: missing inputs ${missing.join(', ')}`);
      const required = new Set(tl.inputSchema.required ?? []);
      const extraRequired = [...required].filter((r) => !inputs.includes(r));
      if (extraRequired.length) problems.push(`${name}: requires ${extraRequired.join(', ')} that A.1 does not send`);
    }
    expect(problems).toEqual([]);
  });

  for (const step of steps) {
    if ('seed' in step) {
      it(`(seed) ${step.seed}`, step.run);
      continue;
    }
    const row = step;
    const name = [row.tool, row.note, `— ${row.method} ${row.csv ? '(csv)' : ''}`, row.needsItem6 ? `[needsItem6: ${row.needsItem6}]` : '', row.otherIssue ? `[${row.otherIssue}]` : '']
      .filter(Boolean)
      .join(' ');
    const test = it;
    test(name, async (c) => {
      if (row.otherIssue && !ctx.tools.has(row.requires ?? row.mcp?.name ?? row.tool)) c.skip();
      const body = row.body?.();
      const w = await wire(row.method, row.path(), body, row.csv, row.token);
      // The headers the client sends: Content-Type only with a body, Accept only on JSON calls.
      expect('Content-Type' in w.sent).toBe(body !== undefined);
      expect('Accept' in w.sent).toBe(!row.csv);
      if (row.status) expect(w.status, w.text).toBe(row.status);
      else expect(w.status >= 200 && w.status < 300, `${w.status} ${w.text}`).toBe(true);
      if (w.status >= 400) {
        expect(w.contentType).toMatch(/^application\/json/);
        expect(typeof w.json?.error, w.text).toBe('string');
        expect(w.json.error.length).toBeGreaterThan(5);
      } else if (row.csv) {
        expect(w.contentType).toMatch(/^text\/csv/);
        expect(w.text.length).toBeGreaterThan(0);
      } else if (w.text !== '') {
        expect(w.contentType).toMatch(/^application\/json/);
      }
      if (row.fields) {
        const rows = (row.rows ?? firstArray)(w.json);
        expect(rows.length, 'rows to check').toBeGreaterThan(0);
        for (const r of rows) expect(Object.keys(r)).toEqual(expect.arrayContaining(row.fields));
        if (row.tool.startsWith('list_') && row.tool !== 'list_apps' && row.tool !== 'list_flows') expect('nextCursor' in w.json, 'nextCursor').toBe(true);
      }
      await row.check?.(w);
      if (row.mcp) {
        const m = await tool(row.mcp.name ?? row.tool, row.mcp.args());
        const agree = row.mcp.agree ?? (row.csv ? 'csv' : 'same');
        if (agree === 'csv') expect(m).toEqual({ csv: w.text });
        else if (agree === 'same') expect(m).toEqual(w.json);
        else if (agree === 'shape') sameShape(w.json, m);
        else if (typeof agree === 'function') await agree(w.json, m);
      }
    });
  }
});
