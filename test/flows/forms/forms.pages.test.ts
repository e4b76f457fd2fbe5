import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageToken } from '../../form-token.js';
import { testApp, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish, submit } from './forms.fixtures.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const enc = (o: Record<string, string>) => new URLSearchParams(o).toString();

// Pages render the same on both databases; SQLite only.
describe('hosted form pages', () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Shop <script>alert(1)</script>', logoUrl: 'https://cdn.example.org/logo.png' })).slug;
    await putAndPublish(t, slug, 'feedback', { ...goodFeedback(), intro: { ...goodFeedback().intro, title: 'Hi <img src=x onerror=alert(1)>' } });
    await putAndPublish(t, slug, 'report', goodReport());
    await putAndPublish(t, slug, 'contact', goodContact());
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    await putAndPublish(t, slug, 'waitlist', { ...goodWaitlist(), hero: { theme: 'side_by_side', heroImage: 'https://cdn.example.org/hero.png', bullets: [{ icon: '🚀', title: 'Launch', body: 'Soon' }] }, success: { title: 'Done', body: 'Yes', ctaLabel: 'Read the blog', ctaUrl: 'https://blog.example.org' } }, 'beta');
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  // As a browser would: with the token the page rendered for this client.
  const post = async (url: string, body: Record<string, string>, headers: Record<string, string> = {}) => {
    const _token = await pageToken(t, url.split('?')[0], { headers });
    return t.app.inject({ method: 'POST', url, headers: { ...form, ...headers }, payload: enc({ _token, ...body }) });
  };
  const count = async (table: 'form_submissions' | 'waitlist_signups') => (await t.db.db.selectFrom(table).select('id').execute()).length;

  it('renders each form server-side with a strict CSP, labels, honeypot and escaped content', async () => {
    for (const type of ['feedback', 'report', 'contact']) {
      const r = await page(`/${type}/${slug}`);
      expect(r.statusCode, type).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(r.body).not.toMatch(/<script>(?!<\/script>)|<style|style=/);
      expect(r.body).toContain('<form method="post"');
      expect(r.body).toContain('name="website"');
      expect(r.body).toContain('tabindex="-1"');
      expect(r.body).toContain('/assets/forms.js');
      expect(r.body).toContain('Shop &lt;script>alert(1)&lt;/script>');
      expect(r.body).not.toContain('<script>alert(1)');
    }
    const fb = (await page(`/feedback/${slug}`)).body;
    expect(fb).toContain('Hi &lt;img src=x onerror=alert(1)>');
    expect(fb).toContain('/assets/accent.css?c=4f46e5');
    expect(fb).toMatch(/<label for="f-message">/);
    expect(fb).toContain('5 of 5');
    expect(fb).toContain('<select id="f-attributes-plan"');
    const rp = (await page(`/report/${slug}`)).body;
    expect(rp).toContain('value="bug"');
    expect(rp).toContain('Harassment or spam');
    expect((await page(`/feedback/${slug}/feedback`)).statusCode).toBe(200);
  });

  it('shows a not-published page for unknown apps and unpublished forms', async () => {
    const other = (await t.createApp({ name: 'Quiet' })).slug;
    for (const url of [`/feedback/${other}`, '/contact/nope', `/waitlist/${other}`, `/waitlist/${slug}/nope`]) {
      const r = await page(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.body).toContain('not been published');
    }
  });

  it('no-JS submit: POST, 303 to a signed ?done= receipt, success page; the row is stored with source web', async () => {
    const before = await count('form_submissions');
    const r = await post(`/feedback/${slug}`, { rating: '4', message: 'Works without JS', email: '', 'attributes.plan': 'Pro', website: '' });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toMatch(new RegExp(`^/feedback/${slug}\\?done=joined\\.[0-9a-z]+\\.[A-Za-z0-9_-]{32}$`));
    const done = await page(String(r.headers.location));
    expect(done.body).toContain('Thanks!');
    expect(done.body).not.toContain('<form');
    // A typed or forged ?done= is not a success that never happened: the form comes back.
    for (const fake of ['1', 'joined', 'joined.abc.def', String(r.headers.location).split('done=')[1].replace('joined', 'already')]) {
      const forged = await page(`/feedback/${slug}?done=${encodeURIComponent(fake)}`);
      expect(forged.body, fake).toContain('<form');
    }
    const row = await t.db.db.selectFrom('form_submissions').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'Works without JS', rating: 4, email: null, source: 'web' });
    expect(JSON.parse(row.attributes_json!)).toEqual({ plan: 'Pro' });
    expect(await count('form_submissions')).toBe(before + 1);
  });

  it('no-JS validation error re-renders the form with the message and the typed values, escaped', async () => {
    const before = await count('form_submissions');
    const r = await post(`/contact/${slug}`, { name: '"><script>x()</script>', email: 'not-an-email', message: 'Keep <b>me</b>' });
    expect(r.statusCode).toBe(422);
    expect(r.body).toContain('Please check the highlighted field.');
    expect(r.body).toContain('aria-invalid="true"');
    // In plain words, on the field, which takes the focus (autofocus: no JavaScript needed).
    expect(r.body).toMatch(/<input id="f-email" type="email"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(r.body).toContain('Please enter an email address like name@example.com.');
    // Every error at once, not one per try.
    const two = await post(`/contact/${slug}`, { name: 'N'.repeat(130), email: 'nope', message: 'hello' });
    expect(two.body).toContain('Please check the 2 highlighted fields.');
    expect(two.body).toContain('Please keep this to 120 characters or fewer.');
    expect(two.body.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(two.body.match(/autofocus/g)).toHaveLength(1);
    expect(r.body).toContain('value="&quot;>&lt;script>x()&lt;/script>"');
    expect(r.body).toContain('Keep &lt;b>me&lt;/b></textarea>');
    expect(r.body).not.toContain('<script>x()');
    // A blank contact form asks for the message in the words every empty required field gets.
    const blank = await post(`/contact/${slug}`, {});
    expect(blank.statusCode).toBe(422);
    expect(blank.body).toMatch(/<textarea id="f-message"[^>]*aria-invalid="true"/);
    // Both required fields marked in one try (the email and the message).
    expect(blank.body).toMatch(/<input id="f-email"[^>]*aria-invalid="true"/);
    expect(blank.body).toContain('Please check the 2 highlighted fields.');
    expect(blank.body).toContain('Please fill in this field.');
    expect(blank.body).not.toContain('Please check this field.');
    const unknown = await post(`/report/${slug}`, { category: 'nope', message: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('Please choose one of the options.');
    expect(await count('form_submissions')).toBe(before);
  });

  it('a filled honeypot gets the success redirect but stores nothing', async () => {
    const before = await count('form_submissions');
    const r = await post(`/feedback/${slug}`, { message: 'spam', website: 'http://spam.example' });
    expect(r.statusCode).toBe(303);
    expect(await count('form_submissions')).toBe(before);
  });

  it('waitlist page on WEB_URL/waitlist and on the SIGNUP_URL host; count pill from 3', async () => {
    const web = await page(`/waitlist/${slug}`);
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('class="theme-gradient"');
    expect(web.body).toContain('Coming soon');
    expect(web.body).not.toContain('on the waitlist');
    for (const e of ['a@example.com', 'b@example.com']) await submit(t, 'waitlist', { appSlug: slug, email: e });
    expect((await page(`/waitlist/${slug}`)).body).not.toContain('on the waitlist');
    const r = await post(`/waitlist/${slug}`, { email: 'c@example.com' });
    expect(r.statusCode).toBe(303);
    expect((await post(`/waitlist/${slug}`, { email: 'C@example.com' })).statusCode).toBe(303); // repeat: success, no row
    expect(await count('waitlist_signups')).toBe(3);
    expect((await page(`/waitlist/${slug}`)).body).toMatch(/<span data-count="3">3<\/span> on the waitlist/);

    const signup = await page(`/${slug}`, { host: 'signup.test' });
    expect(signup.statusCode).toBe(200);
    expect(signup.body).toContain('Join the waitlist');
    const beta = await page(`/${slug}/beta`, { host: 'signup.test' });
    expect(beta.body).toContain('class="theme-side_by_side"');
    expect(beta.body).toContain('src="https://cdn.example.org/hero.png"');
    expect(beta.body).toContain('Launch');
    const sp = await post(`/${slug}/beta`, { email: 'd@example.com' }, { host: 'signup.test' });
    expect(sp.headers.location).toMatch(new RegExp(`^/${slug}/beta\\?done=joined\\.`));
    const done = await page(String(sp.headers.location), { host: 'signup.test' });
    expect(done.body).toContain('href="https://blog.example.org"');
    expect(done.body).toMatch(/<p class="notice" data-already="true" hidden>/);
    // Signing up again says the address was already on the list (and changes nothing).
    const again = await post(`/${slug}/beta`, { email: 'd@example.com' }, { host: 'signup.test' });
    expect(again.headers.location).toMatch(new RegExp(`^/${slug}/beta\\?done=already\\.`));
    const already = await page(String(again.headers.location), { host: 'signup.test' });
    expect(already.body).toMatch(/<p class="notice" data-already="true">This address was already on the list/);
    // The catch-all only answers on the signup host.
    expect((await page(`/${slug}`, { host: 'web.test' })).statusCode).toBe(404);
    // ... and nothing else answers there (test/kernel/signup-host.test.ts).
    expect((await page('/healthz', { host: 'signup.test' })).statusCode).toBe(404);
  });

  it('serves the enhancement script and stylesheet', async () => {
    expect((await page('/assets/forms.js')).headers['content-type']).toMatch(/javascript/);
    expect((await page('/assets/forms.css')).headers['content-type']).toMatch(/text\/css/);
  });
});

describe('SIGNUP_URL on the WEB_URL host', () => {
  it('registers no catch-all /<app_slug> route', async () => {
    const t = await testApp('sqlite', { env: { SIGNUP_URL: 'http://web.test' } });
    try {
      const slug = (await t.createApp({ name: 'Same Host' })).slug;
      await putAndPublish(t, slug, 'waitlist', goodWaitlist());
      expect((await t.app.inject({ method: 'GET', url: `/waitlist/${slug}`, headers: { host: 'web.test' } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/${slug}`, headers: { host: 'web.test' } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
