import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTML_EMAIL } from '../../src/kernel/email.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

// What <input type=email> lets through (WHATWG HTML) and what it does not.
const BROWSER_OK = ['a=b+c!#$%&*@example.com', "o'hara@example.co.uk", 'x{y}|~^`?/@sub.example.io', 'user@localhost'];
const BROWSER_REFUSES = ['a@b@c.com', 'no-at-sign', 'a b@example.com', 'a@-example.com', 'a@example..com', '"quoted"@example.com'];

it('HTML_EMAIL is the browser rule', () => {
  for (const e of BROWSER_OK) expect(HTML_EMAIL.test(e), e).toBe(true);
  for (const e of BROWSER_REFUSES) expect(HTML_EMAIL.test(e), e).toBe(false);
});

describeEachDb('every email field takes what a browser email input takes, and refuses the rest', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Mail', slug: 'mail' });
    for (const [type, config] of [['feedback', { ...goodFeedback(), emailField: { enabled: true } }], ['report', goodReport()], ['contact', goodContact()], ['waitlist', goodWaitlist()], ['onboarding', goodOnboarding()], ['wishlist', goodWishlist()]] as const) {
      await putAndPublish(t, 'mail', type, config);
    }
  });
  afterAll(() => t.close());

  const endpoints: [string, (email: string) => Record<string, unknown>][] = [
    ['feedback', (email) => ({ appSlug: 'mail', message: 'hi', email })],
    ['report', (email) => ({ appSlug: 'mail', message: 'broken', category: 'bug', email })],
    ['contact', (email) => ({ appSlug: 'mail', name: 'N', message: 'hello', email })],
    ['waitlist', (email) => ({ appSlug: 'mail', email })],
    ['onboarding/complete', (email) => ({ appSlug: 'mail', answers: { goal: 'fall_asleep', habits: ['screens'] }, email })],
    ['wishlist/submit', (email) => ({ appSlug: 'mail', title: `Idea for ${email}`, email })],
  ];

  it.each(endpoints)('%s', async (path, body) => {
    for (const email of BROWSER_OK) {
      const r = await submit(t, path, body(email));
      expect(r.statusCode, `${path} ${email}: ${r.body}`).toBeLessThan(300);
    }
    for (const email of BROWSER_REFUSES) {
      const r = await submit(t, path, body(email));
      expect(r.statusCode, `${path} ${email}`).toBe(422);
      expect(JSON.stringify(r.json().issues)).toContain('email');
    }
  });
});
