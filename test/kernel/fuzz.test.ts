import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { FORM_FIXTURES, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWishlist, putAndPublish as publishWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/**
 * OpenAPI-driven fuzz: every operation of /api/v1/openapi.json, the hosted pages and the MCP
 * tools get hostile variants of their input (wrong types, boundaries, unicode, NUL, huge
 * strings, forged cursors), and nothing may answer 5xx, on either database. Deterministic:
 * the variants come from a seeded generator (FUZZ_SEED to try another seed); a failure lists
 * the requests that failed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260301);

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const sample = <T,>(xs: readonly T[], n: number): T[] => {
    const copy = [...xs];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { next, pick, sample, coin: () => next() < 0.5 };
}

const HUGE = 'x'.repeat(100_000);
const enc = encodeURIComponent;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const T0 = '2020-01-01T00:00:00.000Z';

/** JSON values put in place of a body field (or a tool argument). */
const NUL_VALUES = ['\u0000', 'a\u0000b'];
const HOSTILE_JSON: unknown[] = [
  0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, null, [], ['x'], ['a\u0000'], {}, { a: 'b' }, { 'a\u0000': 1 },
  '', ' ', HUGE, '😀🎉👩‍👩‍👧', '\u202Eevil\u202C', '\ud800', '\udfff', 'e\u0301\u0301\u0301', '﷽', '<script>alert(1)</script>',
  "' OR '1'='1", '9007199254740993', '1e308', '-1', '2020-13-45T99:99:99Z', '__proto__',
];
/** Raw (already percent-encoded) query values. */
const NUL_QUERY = ['%00', 'a%00b'];
const HOSTILE_QUERY = [
  '', enc(HUGE), '-1', '0', '1.5', '1e308', '9007199254740993', 'NaN', 'Infinity', 'true', 'null', '%5B%5D', '%7B%7D',
  enc('😀'), enc('\u202Eabc'), '%ED%A0%80', '%', '%zz', enc('e\u0301'), enc("' OR 1=1 --"), '%3Cscript%3E', '%FF%FE',
];
/** Raw path segments in place of a path param. */
const HOSTILE_PATH = [
  '%00', 'a%00b', '%ED%A0%80', '%', '%zz', 'x'.repeat(600), '..', '%2F', enc('😀'), enc('\u202E'), '%20', '-1', '1e308',
  enc("' OR 1=1 --"), '%FF', enc('e\u0301'), 'null',
];
/** Cursors of every wrong shape: not JSON, wrong arity, wrong kinds, decimals, huge numbers, NUL. */
const BAD_CURSORS = [
  'garbage!!', 'e30', b64('x'), b64({}), b64([]), b64([1, 2]), b64(['x']), b64([1.5, 'x']), b64([T0, 1]), b64([1, 'abc']),
  b64([1e308, 1e308, T0, 'abc']), b64([2 ** 53 + 1, 0, T0, 'abc']), b64([0, 2 ** 31, T0, 'abc']), b64([-1, -1, T0, 'abc']),
  b64([0.5, 1.5, T0, 'abc']), b64(['1', '1', T0, 'abc']), b64(['\u0000', 'abc']), b64([T0, 'a\u0000']), b64([null, null]),
  b64([true, false]), b64([[], {}]), b64([T0, 'x'.repeat(300)]), b64(['not a time', 'abc']), b64([0, 0, '\u0000', 'abc']),
  b64([T0, 'abc', 'extra']), b64([0, 0, T0, 'abc', 1]), '%00', b64('\u0000'),
];
/** Well-formed cursors: any page, never an error. */
const GOOD_CURSORS = [b64([T0, 'abc']), b64([1, 2147483647, T0, 'abc']), b64([0, 0, '2999-12-31T23:59:59.999Z', 'zzz'])];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  format?: string;
  pattern?: string;
};
type Param = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = { operationId: string; parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] };

interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  what: string;
}

/** A plausible valid value for a schema: the shapes the fuzz mutates one field at a time. */
function plausible(s: Schema, name: string, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return plausible(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], name, known);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri') return 'https://example.com/';
      if (s.pattern?.includes('#')) return '#4f46e5';
      if (s.pattern === '^\\d+$') return '123';
      return 'x'.repeat(Math.max(3, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? 1, 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => plausible(s.items ?? {}, '', known));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties?.[k] ?? {}, k, known)]));
  }
  return 'x';
}

/** Every node under the root of a JSON value (paths of keys), objects and arrays included. */
function nodes(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (path.length) out.push(path);
  if (path.length >= 6) return out;
  if (Array.isArray(v)) v.forEach((x, i) => nodes(x, [...path, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nodes(x, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

const show = (x: unknown) => {
  const s = typeof x === 'string' ? x : JSON.stringify(x);
  return (s ?? String(x)).length > 80 ? `${(s ?? '').slice(0, 60)}…(${(s ?? '').length})` : s;
};

describeEachDb('fuzz: hostile input never answers 5xx', (dialect) => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  const real: Record<string, string> = {};
  const realAlt: Record<string, string> = {};
  const failures: string[] = [];
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '10000000' } });
    const app = await t.createApp({ name: 'Fuzz App', deepLinkScheme: 'fuzz' });
    await putAndPublish(t, app.slug, 'cancel', goodCancel());
    for (const [type, config] of Object.entries(FORM_FIXTURES)) await putAndPublish(t, app.slug, type, config());
    await publishWishlist(t, app.slug, goodWishlist({ moderation: { autoApprove: true } }));
    const owner = (method: 'POST', url: string, payload: unknown) => t.app.inject({ method, url, headers: t.auth, payload: payload as object });
    const idea = (await owner('POST', `/api/v1/apps/${app.slug}/wishlist/ideas`, { title: 'Seed idea', category: 'bug' })).json().idea;
    const comment = (await owner('POST', `/api/v1/apps/${app.slug}/wishlist/ideas/${idea.id}/comments`, { body: 'Seed comment' })).json().comment;
    const link = (await owner('POST', `/api/v1/apps/${app.slug}/links`, { url: 'https://example.com/', code: 'fuzz-link' })).json().link;
    const json = { 'content-type': 'application/json' };
    await t.app.inject({ method: 'POST', url: '/api/public/report', headers: json, payload: { appSlug: app.slug, category: 'bug', message: 'Seed' } });
    await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: json, payload: { appSlug: app.slug, email: 'seed@example.com' } });
    const spare = (await t.app.services.tokens.create('spare')).token;
    Object.assign(real, { idOrSlug: app.slug, appSlug: app.slug, appIdOrSlug: app.slug, ideaId: idea.id, commentId: comment.id, idOrCode: link.code, linkIdOrCode: link.code, prefix: spare.split('_')[1] });
    Object.assign(realAlt, { ...real, idOrSlug: app.id, appIdOrSlug: app.id, idOrCode: link.id, linkIdOrCode: link.id });
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  afterAll(() => t.close());

  /** Sends one request; records it as a failure when it answers 5xx, or an API 4xx without `{ error: string }`. */
  async function send(r: Req) {
    const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const where = `${r.method} ${show(r.url)} [${r.what}]${r.payload !== undefined ? ` body=${show(r.payload)}` : ''}`;
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where} -> ${show(res.body)}`);
    else if (res.statusCode >= 400 && r.url.startsWith('/api/')) {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      if (typeof (body as { error?: unknown } | undefined)?.error !== 'string') failures.push(`${res.statusCode} without { error } ${where} -> ${show(res.body)}`);
    }
    return res;
  }

  const knownValues = (): Record<string, unknown> => ({
    appSlug: real.appSlug,
    ideaId: real.ideaId,
    email: 'fuzz@example.com',
    url: 'https://example.com/',
    message: 'Hello',
    category: 'bug',
    title: 'An idea',
    body: 'Some text',
    name: 'Fuzz',
  });

  /** Known-good bodies where a generated one would fail the config rules (flow configs). */
  function baselineBody(path: string, schema: Schema): unknown {
    const flow = /\/flows\/([a-z-]+)$/.exec(path)?.[1];
    if (flow === 'cancel' || flow === 'pre-cancel') return goodCancel();
    if (flow === 'wishlist') return goodWishlist();
    if (flow && flow in FORM_FIXTURES) return FORM_FIXTURES[flow as keyof typeof FORM_FIXTURES]();
    return plausible(schema, '', knownValues());
  }

  /** The hostile requests for one operation of the OpenAPI document. */
  function variants(path: string, method: string, op: Operation, rand: ReturnType<typeof prng>): Req[] {
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const bodySchema = op.requestBody?.content['application/json']?.schema;
    const headers: Record<string, string> = op.security?.length ? { ...t.auth } : {};
    const baseQuery: [string, string][] = queryParams.filter((p) => p.required).map((p) => [p.name, enc(String(plausible(p.schema, p.name, knownValues())))]);
    const body = bodySchema ? baselineBody(path, bodySchema) : undefined;
    const out: Req[] = [];

    const urlOf = (pathValues: Record<string, string>, query: [string, string][]) =>
      path.replace(/\{(\w+)\}/g, (_, n: string) => pathValues[n]) + (query.length ? '?' + query.map(([k, v]) => `${k}=${v}`).join('&') : '');
    const realPath = () => Object.fromEntries(pathParams.map((p) => [p.name, enc((rand.coin() ? real : realAlt)[p.name] ?? 'x')]));
    /** Half the variants run against real ids and slugs, the others with one hostile path param. */
    const somePath = (forceReal = false) => {
      const values = realPath();
      if (!forceReal && pathParams.length && rand.coin()) values[rand.pick(pathParams).name] = rand.pick(HOSTILE_PATH);
      return values;
    };
    const withBody = (b: unknown) => (b === undefined ? {} : { payload: JSON.stringify(b), headers: { ...headers, 'content-type': 'application/json' } });
    const add = (what: string, pathValues: Record<string, string>, query: [string, string][], b: unknown) =>
      out.push({ method, url: urlOf(pathValues, query), headers, ...withBody(b), what });

    // Path params: NUL and every hostile value, the rest real.
    for (const p of pathParams) for (const v of [...NUL_QUERY, ...HOSTILE_PATH]) add(`path ${p.name}`, { ...realPath(), [p.name]: v }, baseQuery, body);
    // Query params: NUL always, a sample of the other hostile values, repeated keys.
    for (const p of queryParams) {
      const others = baseQuery.filter(([k]) => k !== p.name);
      for (const v of NUL_QUERY) add(`query ${p.name}`, realPath(), [...others, [p.name, v]], body);
      for (const v of rand.sample(HOSTILE_QUERY, 6)) add(`query ${p.name}`, somePath(), [...others, [p.name, v]], body);
      add(`query ${p.name} twice`, somePath(), [...others, [p.name, 'a'], [p.name, 'b']], body);
    }
    // Cursors: every malformed shape, with each sort where there is one.
    if (queryParams.some((p) => p.name === 'cursor')) {
      const sorts = queryParams.some((p) => p.name === 'sort') ? ['votes', 'new'] : [undefined];
      for (const sort of sorts) {
        for (const c of [...BAD_CURSORS, ...GOOD_CURSORS]) {
          const q: [string, string][] = [...baseQuery, ['cursor', enc(c)], ...(sort ? ([['sort', sort]] as [string, string][]) : [])];
          add(`cursor${sort ? ` sort=${sort}` : ''}`, realPath(), q, body);
        }
      }
    }
    // Body fields: NUL in every node, a NUL key in every object, a sample of hostile values.
    if (body !== undefined) {
      const targets = nodes(body);
      for (const k of Object.keys(bodySchema?.properties ?? {})) if (!targets.some((p) => p.length === 1 && p[0] === k)) targets.push([k]);
      for (const target of targets) {
        const what = `body /${target.join('/')}`;
        for (const v of NUL_VALUES) add(what, realPath(), baseQuery, setAt(body, target, v));
        for (const v of rand.sample(HOSTILE_JSON, 4)) add(what, somePath(), baseQuery, setAt(body, target, v));
      }
      for (const target of [[], ...targets]) {
        const at = target.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body);
        if (at && typeof at === 'object' && !Array.isArray(at)) add(`key /${target.join('/')}`, realPath(), baseQuery, target.length ? setAt(body, target, { ...at, 'k\u0000': 'x' }) : { ...at, 'k\u0000': 'x' });
      }
    }
    // Whole bodies: wrong types, broken JSON, deep nesting, huge, prototype keys, other content types.
    if (method !== 'GET') {
      const raw = (payload: string, what: string, type = 'application/json') =>
        out.push({ method, url: urlOf(somePath(true), baseQuery), headers: { ...headers, 'content-type': type }, payload, what });
      for (const payload of ['null', '[]', '0', 'true', '"\\u0000"', '{"a":', '{"\\u0000":1}', '[' .repeat(5000) + ']'.repeat(5000), JSON.stringify(HUGE), '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
        raw(payload, 'whole body');
      }
      raw('a=%00&b=1', 'form body', 'application/x-www-form-urlencoded');
      raw('\u0000', 'text body', 'text/plain');
    }
    return out;
  }

  it('every operation of the OpenAPI document, with hostile input', async () => {
    const rand = prng(SEED);
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
    expect(ops.length).toBeGreaterThanOrEqual(65);
    // Deletions last, so the other operations see the seeded rows.
    ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    let sent = 0;
    for (const { path, method, op } of ops) {
      for (const r of variants(path, method, op, rand)) {
        await send(r);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(failures, `seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
  });

  it('hosted pages and short links, with hostile paths, queries and form fields', async () => {
    const rand = prng(SEED + 1);
    failures.length = 0;
    const slug = real.appSlug;
    const html = { accept: 'text/html' };
    const pages: { path: string; post?: string[] }[] = [];
    for (const type of ['feedback', 'report', 'contact', 'waitlist']) {
      const fields = ['message', 'email', 'rating', 'category', 'name', 'website', 'attributes.plan'];
      pages.push({ path: `/${type}/{appSlug}`, post: fields }, { path: `/${type}/{appSlug}/{flowSlug}`, post: fields });
    }
    for (const prefix of ['/wishlist', '/embed/wishlist']) {
      pages.push(
        { path: `${prefix}/{appSlug}` },
        { path: `${prefix}/{appSlug}/{flowSlug}` },
        { path: `${prefix}/{appSlug}/ideas/{ideaId}` },
        { path: `${prefix}/{appSlug}/vote`, post: ['ideaId', 'email', 'on', 'back'] },
        { path: `${prefix}/{appSlug}/submit`, post: ['title', 'body', 'category', 'displayName', 'email', 'website'] },
        { path: `${prefix}/{appSlug}/ideas/{ideaId}/comments`, post: ['body', 'displayName', 'email', 'website'] },
      );
    }
    pages.push({ path: '/l/{code}' });
    const realOf: Record<string, string> = { appSlug: slug, flowSlug: 'x', ideaId: real.ideaId, code: real.idOrCode };
    const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? enc(realOf[n]));
    const tokenOf = async (path: string) => {
      const page = path.replace(/\/(vote|submit|comments)$/, '').replace(/\/ideas\/[^/]+$/, '');
      const r = await t.app.inject({ method: 'GET', url: page, headers: html });
      return /name="_token" value="([^"]+)"/.exec(r.body)?.[1];
    };
    const formValues = [...NUL_QUERY, ...HOSTILE_QUERY];

    for (const page of pages) {
      const names = [...page.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const n of names) for (const v of [...NUL_QUERY, ...rand.sample(HOSTILE_PATH, 8)]) await send({ method: 'GET', url: fill(page.path, { [n]: v }), headers: html, what: `page path ${n}` });
      for (const q of ['cursor', 'sort', 'status', 'category', 'p', 'done', 'compact']) {
        for (const v of [...NUL_QUERY, ...rand.sample([...HOSTILE_QUERY, ...BAD_CURSORS.map(enc)], 5)]) await send({ method: 'GET', url: `${fill(page.path, {})}?${q}=${v}`, headers: html, what: `page query ${q}` });
      }
      if (!page.post) continue;
      const url = fill(page.path, {});
      const token = await tokenOf(url);
      const form = { ...html, 'content-type': 'application/x-www-form-urlencoded' };
      const base = (token ? [`_token=${enc(token)}`] : []).concat(page.post.map((f) => `${enc(f)}=${f === 'email' ? enc('fuzz@example.com') : f === 'ideaId' ? real.ideaId : 'ok'}`));
      for (const f of page.post) {
        for (const v of [...NUL_QUERY, ...rand.sample(formValues, 6)]) {
          const payload = base.filter((kv) => !kv.startsWith(`${enc(f)}=`)).concat(`${enc(f)}=${v}`).join('&');
          await send({ method: 'POST', url: rand.coin() ? url : fill(page.path, { appSlug: rand.pick(HOSTILE_PATH) }), headers: form, payload, what: `page form ${f}` });
        }
      }
      await send({ method: 'POST', url, headers: form, payload: `${base.join('&')}&k%00=1`, what: 'page form NUL key' });
      await send({ method: 'POST', url, headers: { ...html, 'content-type': 'application/json' }, payload: '{"title":"\\u0000"}', what: 'page JSON body' });
    }
    // Waitlists on SIGNUP_URL's own host (/<app>[/<flow>]).
    const signup = { ...html, host: new URL(t.config.signupUrl).host };
    for (const v of [...NUL_QUERY, ...rand.sample(HOSTILE_PATH, 6)]) {
      await send({ method: 'GET', url: `/${v}`, headers: signup, what: 'signup host path' });
      await send({ method: 'GET', url: `/${slug}/${v}`, headers: signup, what: 'signup host flow' });
      await send({ method: 'POST', url: `/${v}`, headers: { ...signup, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.co', what: 'signup host post' });
    }
    for (const v of [...NUL_QUERY, ...rand.sample(formValues, 6)]) {
      await send({ method: 'POST', url: `/${slug}`, headers: { ...signup, 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=${v}`, what: 'signup host form' });
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });

  it('MCP tools: NUL and wrong types in every argument are tool errors, never internal errors', async () => {
    const rand = prng(SEED + 2);
    failures.length = 0;
    let id = 0;
    const rpc = async (method: string, params: unknown) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...t.auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      return r;
    };
    const list = await rpc('tools/list', {});
    expect(list.statusCode, list.body).toBe(200);
    const tools = list.json().result.tools as { name: string; inputSchema: Schema }[];
    expect(tools.length).toBeGreaterThan(30);
    const known = { ...knownValues(), ...real };
    const configFor = (name: string) => {
      const flow = /^update_(\w+)_draft$/.exec(name)?.[1];
      return flow === 'cancel' ? goodCancel() : flow === 'wishlist' ? goodWishlist() : flow && flow in FORM_FIXTURES ? FORM_FIXTURES[flow as keyof typeof FORM_FIXTURES]() : undefined;
    };
    let calls = 0;
    // Deleting tools last (a NUL key in an argument no operation has is dropped, so that call runs).
    tools.sort((a, b) => Number(a.name.startsWith('delete_')) - Number(b.name.startsWith('delete_')));
    for (const tool of tools) {
      const base = plausible(tool.inputSchema, '', known) as Record<string, unknown>;
      const config = configFor(tool.name);
      if (config) base.config = config;
      const targets = nodes(base).filter((p) => p.length <= 3);
      for (const k of Object.keys(tool.inputSchema.properties ?? {})) if (!(k in base)) targets.push([k]);
      const argsList: [string, unknown][] = [];
      for (const target of targets) {
        for (const v of NUL_VALUES) argsList.push([`/${target.join('/')} NUL`, setAt(base, target, v)]);
        if (target.length === 1) for (const v of rand.sample(HOSTILE_JSON.filter((x) => typeof x !== 'string' || x.includes('\u0000')), 3)) argsList.push([`/${target.join('/')} ${show(v)}`, setAt(base, target, v)]);
      }
      argsList.push(['NUL key', { ...base, 'k\u0000': 'x' }]);
      for (const [what, args] of argsList) {
        const r = await rpc('tools/call', { name: tool.name, arguments: args });
        calls++;
        const where = `${tool.name} ${what}`;
        if (r.statusCode >= 500) {
          failures.push(`HTTP ${r.statusCode} ${where}`);
          continue;
        }
        const msg = r.json() as { error?: { code: number; message: string }; result?: { isError?: boolean; content: { text: string }[] } };
        if (msg.error) {
          if (msg.error.code === -32603) failures.push(`-32603 ${where}: ${msg.error.message}`);
          continue;
        }
        if (msg.result?.isError) {
          const status = JSON.parse(msg.result.content[0].text).status as number;
          if (!(status >= 400 && status < 500)) failures.push(`tool error ${status} ${where}: ${show(msg.result.content[0].text)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures, `seed ${SEED}`).toEqual([]);
  });
});
