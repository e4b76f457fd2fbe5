import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { linksApi } from '../links/links.fixtures.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

const BASE = '/admin/apps/shorty/links';
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
/** The chart's data (the JSON the island reads). */
const chartOf = (html: string) => JSON.parse(/<script type="application\/json" id="link-clicks-data">(.*?)<\/script>/s.exec(html)![1]) as { days: string[]; series: { label: string; values: number[] }[] };
const total = (html: string, label: string) => chartOf(html).series.find((s) => s.label === label)!.values.reduce((a, b) => a + b, 0);
/** The message shown next to a form field. */
const fieldError = (html: string, name: string) => {
  const m = new RegExp(`<p class="error" id="f-${name}-error">(.*?)</p>`).exec(html);
  return m ? decode(m[1]) : undefined;
};

describeEachDb('dashboard: short links', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let csrf: string;
  let appId: string;
  beforeAll(async () => {
    t = await ownerApp(dialect);
    appId = (await t.createApp({ name: 'Shorty', slug: 'shorty' })).id;
    cookie = (await t.signIn()).cookie;
    csrf = (await t.page(BASE, cookie)).csrf;
  });
  afterAll(() => t.close());

  const linkId = (location: string | undefined) => /\/links\/([^/?]+)/.exec(location ?? '')![1];
  const create = async (fields: Record<string, string>) => t.post(BASE, cookie, { _csrf: csrf, expiredBehavior: 'page', ...fields });

  it('is a tab of the app, with an empty list first', async () => {
    const r = await t.page(BASE, cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/href="\/admin\/apps\/shorty\/links" aria-current="page">Short links</);
    expect(r.body).toContain('No short links yet');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    // The overview shows the app's clicks as cards that lead here.
    expect((await t.page('/admin/apps/shorty/overview', cookie)).body).toContain(`<a href="${BASE}">Short link clicks</a>`);
  });

  it('shows the operation’s messages next to the fields and keeps what was typed', async () => {
    const bad = await create({ name: 'Bad one', url: 'javascript:alert(1)', code: 'ab', iosUrl: 'https://user:pw@example.com/' });
    expect(bad.status).toBe(422);
    expect(fieldError(bad.body, 'url')).toMatch(/javascript: URLs are not allowed/);
    expect(fieldError(bad.body, 'code')).toMatch(/at least 3|>=3|too small/i);
    expect(fieldError(bad.body, 'iosUrl')).toBeTruthy();
    expect(bad.body).toMatch(/id="f-url"[^>]*aria-invalid="true"/);
    expect(bad.body).toContain('value="Bad one"');

    // The service's rule (needs the form's other fields) shows at its field too.
    const noExpiredUrl = await create({ url: 'https://example.com/', expiredBehavior: 'redirect' });
    expect(noExpiredUrl.status).toBe(422);
    expect(fieldError(noExpiredUrl.body, 'expiredUrl')).toMatch(/Required when expiredBehavior is "redirect"/);

    expect(fieldError((await create({ url: 'https://example.com/', maxClicks: 'ten' })).body, 'maxClicks')).toBe('must be a whole number of clicks');
    expect(fieldError((await create({ url: 'https://example.com/', code: 'admin' })).body, 'code')).toMatch(/reserved/);
    expect((await linksApi(t, 'shorty').list()).json().links).toEqual([]);
  });

  it('creates, lists with state badges, edits, disables and enables', async () => {
    const made = await create({ name: 'Spring', url: 'https://example.com/spring', code: 'spring-26', maxClicks: '2', expiresAt: '' });
    expect(made.status).toBe(303);
    const id = linkId(made.location);
    expect(made.location).toBe(`${BASE}/${id}?created=1`);
    const page = await t.page(made.location!, cookie);
    expect(page.body).toContain('Link created.');
    expect(page.body).toContain('<span class="badge on">Active</span>');
    expect(page.body).toContain('src="/api/public/qr/links/spring-26?format=svg&amp;size=240"');
    // The QR image the page shows is served.
    const qr = await t.app.inject({ url: '/api/public/qr/links/spring-26?format=svg&size=240' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/svg/);

    // A taken code is the 409's message at the field.
    const taken = await create({ url: 'https://example.com/', code: 'spring-26' });
    expect(taken.status).toBe(409);
    expect(fieldError(taken.body, 'code')).toMatch(/already taken/);

    const expired = await linksApi(t, 'shorty').create({ name: 'Old', url: 'https://example.com/old', expiresAt: '2020-01-01' });
    expect(expired.statusCode).toBe(201);
    const list = await t.page(BASE, cookie);
    expect(list.body).toMatch(/>Spring<\/a><\/td>.*?<span class="badge on">Active<\/span>.*?0 \/ 2/s);
    expect(list.body).toMatch(/>Old<\/a><\/td>.*?<span class="badge warn">Expired<\/span>/s);

    const edit = await t.page(`${BASE}/${id}/edit`, cookie);
    expect(edit.body).toContain('value="https://example.com/spring"');
    const badEdit = await t.post(`${BASE}/${id}`, cookie, { _csrf: csrf, name: 'Spring', url: 'data:text/html,hi', maxClicks: '2', expiredBehavior: 'page' });
    expect(badEdit.status).toBe(422);
    expect(fieldError(badEdit.body, 'url')).toMatch(/data: URLs are not allowed/);
    const saved = await t.post(`${BASE}/${id}`, cookie, { _csrf: csrf, name: 'Spring sale', url: 'https://example.com/sale', maxClicks: '', expiredBehavior: 'page' });
    expect(saved).toMatchObject({ status: 303, location: `${BASE}/${id}?saved=1` });
    const after = (await linksApi(t, 'shorty').get(id)).json().link;
    expect(after).toMatchObject({ name: 'Spring sale', url: 'https://example.com/sale', maxClicks: null, code: 'spring-26' });

    const off = await t.post(`${BASE}/${id}/status`, cookie, { _csrf: csrf, status: 'disabled' });
    expect(off).toMatchObject({ status: 303, location: `${BASE}/${id}?disabled=1` });
    expect((await linksApi(t, 'shorty').get(id)).json().link.state).toBe('disabled');
    expect((await t.page(BASE, cookie)).body).toMatch(/>Spring sale<\/a><\/td>.*?<span class="badge off">Disabled<\/span>/s);
    expect((await t.post(`${BASE}/${id}/status`, cookie, { _csrf: csrf, status: 'bogus' })).status).toBe(422);
    expect((await t.post(`${BASE}/${id}/status`, cookie, { _csrf: csrf, status: 'active' })).location).toBe(`${BASE}/${id}?enabled=1`);
    expect((await linksApi(t, 'shorty').get(id)).json().link.state).toBe('active');
  });

  it('edits the expiry in UTC minutes, keeps an unchanged one to the second, and clears it', async () => {
    const api = linksApi(t, 'shorty');
    const id = (await api.create({ name: 'Timed', url: 'https://example.com/t', expiresAt: '2031-05-06T07:08:09Z' })).json().link.id;
    const edit = await t.page(`${BASE}/${id}/edit`, cookie);
    expect(edit.body).toMatch(/<input id="f-expiresAt" name="expiresAt" type="datetime-local" value="2031-05-06T07:08"/);
    const save = (expiresAt: string) => t.post(`${BASE}/${id}`, cookie, { _csrf: csrf, name: 'Timed', url: 'https://example.com/t', expiresAt, maxClicks: '', expiredBehavior: 'page' });
    expect((await save('2031-05-06T07:08')).status).toBe(303);
    expect((await api.get(id)).json().link.expiresAt).toBe('2031-05-06T07:08:09.000Z');
    expect((await save('2031-07-01T10:00')).status).toBe(303);
    expect((await api.get(id)).json().link.expiresAt).toBe('2031-07-01T10:00:00.000Z');
    const bad = await save('soon');
    expect(bad.status).toBe(422);
    expect(fieldError(bad.body, 'expiresAt')).toMatch(/ISO 8601/);
    expect((await save('')).status).toBe(303);
    expect((await api.get(id)).json().link.expiresAt).toBeNull();
  });

  it('shows clicks per day, by target and top countries; reset clears the chart’s series', async () => {
    const id = (await linksApi(t, 'shorty').create({ name: 'Counted', url: 'https://example.com/c', androidUrl: 'https://example.com/android', maxClicks: 3 })).json().link.id;
    const links = (t.app.services as any).links;
    await Promise.all([
      ...Array.from({ length: 4 }, () => links.record({ linkId: id, bot: false, target: 'android', country: 'DE' })),
      links.record({ linkId: id, bot: false, target: 'fallback', country: 'JP' }),
      links.record({ linkId: id, bot: true, target: 'fallback', country: 'US' }),
    ]);
    const page = await t.page(`${BASE}/${id}`, cookie);
    expect(page.status).toBe(200);
    expect(total(page.body, 'People')).toBe(3);
    expect(total(page.body, 'Bots')).toBe(1);
    expect(chartOf(page.body).days).toHaveLength(30);
    expect(page.body).toContain('<span class="badge warn">Limit reached</span>');
    expect(page.body).toMatch(/Android<\/th><td class="num">3</);
    expect(page.body).toMatch(/Ended page or URL<\/th><td class="num">2</);
    expect(page.body).toMatch(/Germany \(DE\)<\/th><td class="num">3</);
    expect(page.body).toContain('data-confirm=');

    const reset = await t.post(`${BASE}/${id}/reset`, cookie, { _csrf: csrf });
    expect(reset).toMatchObject({ status: 303, location: `${BASE}/${id}?reset=1` });
    const after = await t.page(reset.location!, cookie);
    expect(after.body).toContain('Clicks reset.');
    expect(total(after.body, 'People')).toBe(0);
    expect(total(after.body, 'Bots')).toBe(0);
    expect(after.body).toContain('<span class="badge on">Active</span>');
    // The app's own counters keep what arrived.
    const app = await t.db.db.selectFrom('daily_counts').select((eb) => eb.fn.sum<number>('n').as('n')).where('app_id', '=', appId).where('metric', '=', 'links.clicks').executeTakeFirst();
    expect(Number(app?.n)).toBeGreaterThanOrEqual(3);
  });

  it('deletes with a confirmed POST and CSRF', async () => {
    const link = (await linksApi(t, 'shorty').create({ url: 'https://example.com/d', code: 'doomed' })).json().link;
    expect((await t.post(`${BASE}/${link.id}/delete`, cookie, {})).status).toBe(403);
    expect((await linksApi(t, 'shorty').get(link.id)).statusCode).toBe(200);
    const gone = await t.post(`${BASE}/${link.id}/delete`, cookie, { _csrf: csrf });
    expect(gone).toMatchObject({ status: 303, location: `${BASE}?deleted=doomed` });
    expect((await t.page(gone.location!, cookie)).body).toContain('Link doomed deleted');
    expect((await linksApi(t, 'shorty').get(link.id)).statusCode).toBe(404);
    expect((await t.page(`${BASE}/${link.id}`, cookie)).status).toBe(404);
  });

  it('pages through the API’s cursors', async () => {
    const api = linksApi(t, 'shorty');
    for (let i = 0; i < 51; i++) expect((await api.create({ name: `Bulk ${i}`, url: 'https://example.com/' })).statusCode).toBe(201);
    const first = await t.page(BASE, cookie);
    const next = /href="([^"]*\?cursor=[^"]+)">Older links/.exec(first.body)![1];
    const second = await t.page(decode(next), cookie);
    expect(second.status).toBe(200);
    expect(second.body).toContain('Newest links');
    const names = (html: string) => [...html.matchAll(/<td data-label="Name"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(names(first.body)).toHaveLength(50);
    expect(new Set([...names(first.body), ...names(second.body)]).size).toBe(names(first.body).length + names(second.body).length);
    expect((await t.page(`${BASE}?cursor=forged`, cookie)).status).toBe(400);
  });

  it('never shows or changes another account’s links', async () => {
    const other = await t.otherAccount();
    await t.createApp({ name: 'Theirs', slug: 'theirs' }, other.auth);
    const theirs = (await linksApi(t, 'theirs', other.auth).create({ url: 'https://example.com/t', code: 'theirs-1' })).json().link;
    expect((await t.page(`/admin/apps/theirs/links`, cookie)).status).toBe(404);
    expect((await t.page(`/admin/apps/theirs/links/${theirs.id}`, cookie)).status).toBe(404);
    // Their link's id under our own app is no link of ours.
    expect((await t.page(`${BASE}/${theirs.id}`, cookie)).status).toBe(404);
    expect((await t.page(`${BASE}/${theirs.id}/edit`, cookie)).status).toBe(404);
    expect((await t.post(`${BASE}/${theirs.id}/reset`, cookie, { _csrf: csrf })).status).toBe(404);
    expect((await t.post(`${BASE}/${theirs.id}/status`, cookie, { _csrf: csrf, status: 'disabled' })).status).toBe(404);
    expect((await t.post(`${BASE}/${theirs.id}/delete`, cookie, { _csrf: csrf })).status).toBe(404);
    expect((await t.post(`${BASE}/${theirs.id}`, cookie, { _csrf: csrf, url: 'https://evil.example/' })).status).toBe(404);
    expect((await linksApi(t, 'theirs', other.auth).get(theirs.id)).json().link).toMatchObject({ status: 'active', url: 'https://example.com/t' });
  });
});
