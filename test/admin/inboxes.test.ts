import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodContact, goodFeedback, goodReport, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { goodCrash, sdkAutoBody } from '../flows/crash/crash.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const hrefOf = (html: string, text: string) => {
  const m = new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(html);
  return m ? decode(m[1]) : undefined;
};
/** The messages of an inbox page, in order. */
const messagesOf = (html: string) => [...html.matchAll(/<div class="msg"><p>([^<]*)<\/p>/g)].map((m) => decode(m[1]));

describeEachDb('dashboard: inboxes', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  const ids: Record<string, string> = {};
  const api = (path: string) => t.app.inject({ url: `/api/v1/apps/inbox${path}`, headers: t.auth }).then((r) => r.json());

  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Inbox', slug: 'inbox' });
    await putAndPublish(t, 'inbox', 'feedback', goodFeedback());
    await putAndPublish(t, 'inbox', 'report', goodReport());
    await putAndPublish(t, 'inbox', 'contact', goodContact());
    await putAndPublish(t, 'inbox', 'crash', goodCrash());
    // A millisecond apart at least: rows of the same millisecond have random id order (db/row-id.ts), and the pages list newest first.
    for (let i = 0; i < 28; i++) {
      await submit(t, 'feedback', { appSlug: 'inbox', message: `Feedback number ${i}`, rating: (i % 5) + 1 });
      await new Promise((r) => setTimeout(r, 2));
    }
    ids.fbLast = (await submit(t, 'feedback', { appSlug: 'inbox', message: 'Love it <b>bold</b>', rating: 4, email: 'ann@example.com', attributes: { plan: 'Pro' } })).json().id;
    ids.bug = (await submit(t, 'report', { appSlug: 'inbox', category: 'bug', message: 'Login button does nothing' })).json().id;
    ids.abuse = (await submit(t, 'report', { appSlug: 'inbox', category: 'abuse', message: 'Spam in comments' })).json().id;
    ids.contact = (await submit(t, 'contact', { appSlug: 'inbox', name: 'Carol', email: 'carol@example.com', message: 'Can I get an invoice?' })).json().id;
    ids.crash = (await submit(t, 'crash', sdkAutoBody('inbox'))).json().id;
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  describe('feedback', () => {
    it('lists the newest 25 with stars, status, email and attributes, escaped', async () => {
      const r = await t.page('/admin/apps/inbox/feedback', cookie);
      expect(r.status).toBe(200);
      expect(r.body).toMatch(/href="\/admin\/apps\/inbox\/feedback" aria-current="page">Feedback</);
      const msgs = messagesOf(r.body);
      expect(msgs).toHaveLength(25);
      expect(msgs[0]).toBe('Love it <b>bold</b>');
      expect(r.body).toContain('Love it &lt;b>bold&lt;/b>');
      expect(r.body).toContain('★★★★☆');
      expect(r.body).toContain('4 of 5 stars');
      expect(r.body).toContain('href="mailto:ann@example.com"');
      expect(r.body).toMatch(/<dt>plan<\/dt><dd>Pro<\/dd>/);
      expect(r.body).toContain('<span class="badge status-new">New</span>');
    });

    it('pages over the API cursor with plain links', async () => {
      const first = await t.page('/admin/apps/inbox/feedback', cookie);
      const older = hrefOf(first.body, 'Older →');
      expect(older).toMatch(/^\/admin\/apps\/inbox\/feedback\?cursor=/);
      const second = await t.page(older!, cookie);
      expect(messagesOf(second.body)).toEqual(['Feedback number 3', 'Feedback number 2', 'Feedback number 1', 'Feedback number 0']);
      expect(hrefOf(second.body, 'Older →')).toBeUndefined();
      expect(hrefOf(second.body, '← Newest')).toBe('/admin/apps/inbox/feedback');
    });

    it('filters by text and keeps the filter in the pager and the CSV link', async () => {
      const r = await t.page('/admin/apps/inbox/feedback?q=NUMBER%201', cookie);
      expect(messagesOf(r.body)).toEqual(['Feedback number 19', 'Feedback number 18', 'Feedback number 17', 'Feedback number 16', 'Feedback number 15', 'Feedback number 14', 'Feedback number 13', 'Feedback number 12', 'Feedback number 11', 'Feedback number 10', 'Feedback number 1']);
      expect(r.body).toContain('value="NUMBER 1"');
      expect(hrefOf(r.body, 'Download CSV')).toBe('/admin/apps/inbox/feedback/export.csv?q=NUMBER+1');
    });

    it('marks reviewed with one click and goes back to the same filtered list', async () => {
      const list = await t.page('/admin/apps/inbox/feedback?q=love', cookie);
      const back = decode(/name="back" value="([^"]*)"/.exec(list.body)![1]);
      expect(back).toBe('q=love');
      const r = await t.post(`/admin/apps/inbox/feedback/${ids.fbLast}/status`, cookie, { _csrf: list.csrf, status: 'reviewed', back });
      expect(r.status).toBe(303);
      expect(r.location).toBe('/admin/apps/inbox/feedback?q=love&done=reviewed');
      const after = await t.page(r.location!, cookie);
      expect(after.body).toContain('Marked reviewed.');
      expect(after.body).toContain('<span class="badge status-reviewed">Reviewed</span>');
      expect(after.body).toContain('>Mark new</button>');
      const s = (await api('/feedback/submissions?status=reviewed')).submissions;
      expect(s.map((x: { id: string }) => x.id)).toEqual([ids.fbLast]);
      const reviewed = await t.page('/admin/apps/inbox/feedback?status=reviewed', cookie);
      expect(messagesOf(reviewed.body)).toEqual(['Love it <b>bold</b>']);
    });

    it('a forged back target stays on the inbox', async () => {
      const { csrf } = await t.page('/admin/apps/inbox/feedback', cookie);
      const r = await t.post(`/admin/apps/inbox/feedback/${ids.fbLast}/status`, cookie, { _csrf: csrf, status: 'reviewed', back: 'https://evil.example/&q=x&next=//evil' });
      expect(r.location).toBe('/admin/apps/inbox/feedback?q=x&done=reviewed');
    });

    it('bad input shows an error and changes nothing', async () => {
      const before = await api('/feedback/submissions?limit=200');
      const { csrf } = await t.page('/admin/apps/inbox/feedback', cookie);
      const bad = await t.post(`/admin/apps/inbox/feedback/${ids.fbLast}/status`, cookie, { _csrf: csrf, status: 'resolved', back: '' });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatch(/class="alert error"[^>]*>Not changed: /);
      const noCsrf = await t.post(`/admin/apps/inbox/feedback/${ids.fbLast}/status`, cookie, { status: 'new' });
      expect(noCsrf.status).toBe(403);
      const badCursor = await t.page('/admin/apps/inbox/feedback?cursor=nope', cookie);
      expect(badCursor.status).toBe(400);
      expect(badCursor.body).toContain('These filters were refused: Invalid cursor');
      const badStatus = await t.page('/admin/apps/inbox/feedback?status=done', cookie);
      expect(badStatus.status).toBe(400);
      expect(await api('/feedback/submissions?limit=200')).toEqual(before);
    });

    it('downloads the API’s CSV export with the filters', async () => {
      const r = await t.app.inject({ url: '/admin/apps/inbox/feedback/export.csv?q=love&cursor=ignored', headers: { cookie } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      expect(r.headers['content-disposition']).toBe('attachment; filename="inbox-feedback.csv"');
      const rows = parse(r.body, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: ids.fbLast, message: 'Love it <b>bold</b>', rating: '4', email: 'ann@example.com' });
      const all = parse((await t.app.inject({ url: '/admin/apps/inbox/feedback/export.csv', headers: { cookie } })).body, { columns: true });
      expect(all).toHaveLength(29);
    });
  });

  it('reports: filters by category from the published config', async () => {
    const r = await t.page('/admin/apps/inbox/report', cookie);
    expect(r.body).toMatch(/<select id="f-category" name="category"><option value>Any category<\/option><option value="bug">Bug<\/option><option value="abuse">Abuse<\/option>/);
    expect(messagesOf(r.body)).toEqual(['Spam in comments', 'Login button does nothing']);
    const bug = await t.page('/admin/apps/inbox/report?category=bug', cookie);
    expect(messagesOf(bug.body)).toEqual(['Login button does nothing']);
    expect(bug.body).toContain('<option value="bug" selected>Bug</option>');
    expect(bug.body).toContain('<span class="badge">Bug</span>');
  });

  describe('contact', () => {
    it('replies under the message (logged without SMTP) and lists the reply', async () => {
      const page = await t.page('/admin/apps/inbox/contact', cookie);
      expect(page.body).toContain('Reply by email');
      expect(page.body).toContain('value="Re: your message to Inbox"');
      const r = await t.post(`/admin/apps/inbox/contact/${ids.contact}/reply`, cookie, { _csrf: page.csrf, subject: 'Your invoice', body: 'Attached, thanks!', back: '' });
      expect(r.status).toBe(303);
      expect(r.location).toBe('/admin/apps/inbox/contact?done=logged');
      const after = await t.page(r.location!, cookie);
      expect(after.body).toContain('Reply written to the server log');
      expect(after.body).toMatch(/<strong>Your invoice<\/strong> <span class="muted">to carol@example.com/);
      const s = (await api('/contact/submissions')).submissions[0];
      expect(s.replies.map((x: { subject: string; body: string }) => [x.subject, x.body])).toEqual([['Your invoice', 'Attached, thanks!']]);
    });

    it('a refused reply shows the errors in its form, keeps the text and sends nothing', async () => {
      const { csrf } = await t.page('/admin/apps/inbox/contact', cookie);
      const r = await t.post(`/admin/apps/inbox/contact/${ids.contact}/reply`, cookie, { _csrf: csrf, subject: '', body: 'Kept text', back: '' });
      expect(r.status).toBe(422);
      expect(r.body).toContain('The reply was not sent');
      expect(r.body).toMatch(/<details open><summary>Reply by email/);
      expect(r.body).toContain('Kept text');
      expect(r.body).toMatch(/id="r-[^"]+-subject-error">is required/);
      expect((await api('/contact/submissions')).submissions[0].replies).toHaveLength(1);
      const unknown = await t.post('/admin/apps/inbox/contact/nope/reply', cookie, { _csrf: csrf, subject: 'Hi', body: 'x' });
      expect(unknown.status).toBe(404);
    });
  });

  describe('crash reports', () => {
    it('lists them and marks one reviewed, then resolved', async () => {
      const page = await t.page('/admin/apps/inbox/crash', cookie);
      expect(page.status).toBe(200);
      expect(page.body).toContain('NSRangeException');
      expect(page.body).toContain('<summary>Stack trace</summary>');
      const r = await t.post(`/admin/apps/inbox/crash/${ids.crash}/status`, cookie, { _csrf: page.csrf, status: 'reviewed', back: 'status=new' });
      expect(r.location).toBe('/admin/apps/inbox/crash?status=new&done=reviewed');
      expect((await t.page(r.location!, cookie)).body).toContain('No crash reports match these filters.');
      expect((await api('/crash/submissions')).submissions[0].status).toBe('reviewed');
      const reviewed = await t.page('/admin/apps/inbox/crash?status=reviewed', cookie);
      expect(reviewed.body).toContain('>Mark resolved</button>');
      await t.post(`/admin/apps/inbox/crash/${ids.crash}/status`, cookie, { _csrf: page.csrf, status: 'resolved', back: '' });
      expect((await api('/crash/submissions')).submissions[0].status).toBe('resolved');
      const bad = await t.post(`/admin/apps/inbox/crash/${ids.crash}/status`, cookie, { _csrf: page.csrf, status: 'gone', back: '' });
      expect(bad.status).toBe(422);
      expect((await api('/crash/submissions')).submissions[0].status).toBe('resolved');
    });

    it('downloads the crash CSV', async () => {
      const r = await t.app.inject({ url: '/admin/apps/inbox/crash/export.csv?status=resolved', headers: { cookie } });
      const rows = parse(r.body, { columns: true }) as Record<string, string>[];
      expect(rows.map((x) => [x.id, x.status])).toEqual([[ids.crash, 'resolved']]);
    });

    it('has a card on the overview', async () => {
      const r = await t.page('/admin/apps/inbox/overview', cookie);
      expect(r.body).toMatch(/<a href="\/admin\/apps\/inbox\/crash">Crash reports<\/a><\/h2><dl><div><dt>Today<\/dt><dd>1<\/dd>/);
    });
  });

  it('another account’s app and submissions are not found, and stay unchanged', async () => {
    const other = await t.otherAccount();
    await t.createApp({ name: 'Theirs', slug: 'theirs' }, other.auth);
    const { csrf } = await t.page('/admin/apps/inbox/feedback', cookie);
    for (const p of ['feedback', 'report', 'contact', 'crash']) expect((await t.page(`/admin/apps/theirs/${p}`, cookie)).status).toBe(404);
    expect((await t.app.inject({ url: '/admin/apps/theirs/feedback/export.csv', headers: { cookie } })).statusCode).toBe(404);
    const r = await t.post(`/admin/apps/theirs/feedback/${ids.fbLast}/status`, cookie, { _csrf: csrf, status: 'new' });
    expect(r.status).toBe(404);
    expect((await api('/feedback/submissions?status=reviewed')).submissions.map((x: { id: string }) => x.id)).toEqual([ids.fbLast]);
    expect((await t.app.inject({ url: '/admin/apps/inbox/feedback' })).statusCode).toBe(303);
  });
});
