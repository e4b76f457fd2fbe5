import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerApp, FORM, type OwnerApp } from '../admin/admin.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { everyAction } from '../flows/cancel/cancel.pages.fixtures.js';

/** The experiment page of the cancel tab over HTTP, its forms as a browser without JavaScript posts them. */
const BASE = '/admin/apps/expo/cancel/experiments';
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const fieldError = (html: string, id: string) => {
  const m = new RegExp(`<p class="error" id="${id}-error">(.*?)</p>`).exec(html);
  return m ? decode(m[1]) : undefined;
};

describeEachDb('dashboard: experiments', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let csrf: string;

  const post = async (url: string, pairs: [string, string][], token = csrf) => {
    const r = await t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: new URLSearchParams([['_csrf', token], ...pairs]).toString() });
    return { status: r.statusCode, body: r.body, location: r.headers.location as string | undefined };
  };
  const api = async (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: body === undefined ? { authorization: t.auth.authorization } : { ...t.auth, 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const variants = (rows: [string, string, string][]): [string, string][] => rows.flatMap(([k, v, w], i) => [[`key${i}`, k], [`version${i}`, v], [`weight${i}`, w]] as [string, string][]);

  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Expo', slug: 'expo' });
    cookie = (await t.signIn()).cookie;
    csrf = (await t.page(BASE, cookie)).csrf;
  });
  afterAll(() => t.close());

  it('before two published versions: says to publish first; the cancel tab links to the page', async () => {
    const r = await t.page(BASE, cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/href="\/admin\/apps\/expo\/cancel" aria-current="page">Cancel flow</);
    expect(r.body).toContain('publish at least two versions');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.body).not.toMatch(/ style=/);
    for (let n = 0; n < 3; n++) {
      expect((await api('PUT', '/api/v1/apps/expo/flows/cancel', everyAction({ intro: { ...everyAction().intro, title: `Version ${n + 1}` } }))).statusCode).toBeLessThan(300);
      expect((await api('POST', '/api/v1/apps/expo/flows/cancel/publish')).statusCode).toBe(200);
    }
    expect((await t.page('/admin/apps/expo/cancel', cookie)).body).toContain(`href="${BASE}"`);
    const form = (await t.page(BASE, cookie)).body;
    // 50/50 by default, the newest version against the one before it.
    expect(form).toContain('name="weight0" type="text" value="50"');
    expect(form).toContain('name="weight1" type="text" value="50"');
    expect(form).toMatch(/name="version0">.*?<option value="2" selected>v2<\/option>.*?<\/select>/);
    expect(form).toMatch(/name="version1">.*?<option value="3" selected>v3<\/option>.*?<\/select>/);
  });

  it('refuses without a CSRF token (403) and starts nothing', async () => {
    const r = await post(BASE, [['name', 'x'], ...variants([['A', '1', '50'], ['B', '2', '50']])], 'forged');
    expect(r.status).toBe(403);
    expect((await api('GET', '/api/v1/apps/expo/flows/cancel/experiments')).json().experiments).toEqual([]);
  });

  it('keeps a refused form as typed, with the reason at the field', async () => {
    const noName = await post(BASE, variants([['A', '1', '50'], ['B', '2', '50']]));
    expect(noName.status).toBe(422);
    expect(fieldError(noName.body, 'f-name')).toContain('name');
    const one = await post(BASE, [['name', 'Solo'], ...variants([['A', '1', '50'], ['B', '', '50']])]);
    expect(one.status).toBe(422);
    expect(fieldError(one.body, 'f-version1')).toContain('at least two');
    expect(one.body).toContain('value="Solo"');
    const zero = await post(BASE, [['name', 'Zero'], ...variants([['A', '1', '0'], ['B', '2', '50']])]);
    expect(zero.status).toBe(422);
    expect(fieldError(zero.body, 'f-weight0')).toContain('above 0');
    // The operation's own refusals land at their fields: a duplicate key, a bad key.
    const dup = await post(BASE, [['name', 'Dup'], ...variants([['A', '1', '50'], ['A', '2', '50']])]);
    expect(dup.status).toBe(422);
    expect(fieldError(dup.body, 'f-key1')).toContain('duplicate');
    const sameVersion = await post(BASE, [['name', 'Same'], ...variants([['A', '1', '50'], ['B', '1', '50']])]);
    expect(sameVersion.status).toBe(422);
    expect(fieldError(sameVersion.body, 'f-version1')).toContain('already');
    expect((await api('GET', '/api/v1/apps/expo/flows/cancel/experiments')).json().experiments).toEqual([]);
  });

  it('starts with the third row unused, then stops only after the confirm step', async () => {
    const ok = await post(BASE, [['name', 'Offer test'], ...variants([['A', '1', '50'], ['B', '3', '50'], ['', '', '']])]);
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`${BASE}?started=1`);
    const [e] = (await api('GET', '/api/v1/apps/expo/flows/cancel/experiments')).json().experiments;
    expect(e.variants).toEqual([{ key: 'A', versionNumber: 1, weight: 50 }, { key: 'B', versionNumber: 3, weight: 50 }]);
    // Publishing from the editor meanwhile: the draft is saved, and the page says why it is not published.
    const draft = JSON.stringify(everyAction({ intro: { ...everyAction().intro, title: 'Version 4' } }));
    const held = await post('/admin/apps/expo/flows/cancel/save', [['config', draft], ['action', 'publish']]);
    expect(held.status).toBe(409);
    expect(decode(held.body)).toContain('Draft saved, not published: an experiment runs on this flow.');
    expect(held.body).toContain(`<a href="${BASE}">Open the experiment</a>`);
    const page = (await t.page(`${BASE}?started=1`, cookie)).body;
    expect(page).toContain('Too early to call');
    expect(page).not.toContain('>leading<');
    expect(page).toContain(`action="${BASE}/${e.id}/stop"`);

    const stop = `${BASE}/${e.id}/stop`;
    expect((await post(stop, [['winner', 'A'], ['confirm', '1']], 'forged')).status).toBe(403);
    expect((await post(stop, [['winner', 'Z']])).status).toBe(422);
    const confirm = await post(stop, [['winner', 'A']]);
    expect(confirm.status).toBe(200);
    expect(decode(confirm.body)).toContain('version 1 becomes');
    expect((await api('GET', `/api/v1/apps/expo/flows/cancel/experiments/${e.id}`)).json().experiment.status).toBe('running');
    const done = await post(stop, [['winner', 'A'], ['confirm', '1']]);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${BASE}?stopped=1`);
    expect((await api('GET', '/api/v1/apps/expo/flows/cancel')).json().published.versionNumber).toBe(1);
    const after = (await t.page(`${BASE}?stopped=1`, cookie)).body;
    expect(after).toContain('winner A');
    expect(after).toContain('id="start-h"');
  });

  it('is the same page under the onboarding and waitlist tabs', async () => {
    for (const [type, label] of [['onboarding', 'Onboarding'], ['waitlist', 'Waitlist']]) {
      const r = await t.page(`/admin/apps/expo/${type}/experiments`, cookie);
      expect(r.status).toBe(200);
      expect(r.body).toContain(`aria-current="page">${label}<`);
      expect(r.body).toContain('publish at least two versions');
    }
  });
});
