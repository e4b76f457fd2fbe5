import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';
import { seedAnalytics, textOf } from './analytics.fixtures.js';

/**
 * Flow analytics pages (issue #22, part 2, item 6): each shows the numbers of the capability's
 * owner operation and its daily roll-ups, from sessions and events made through the public API.
 */
describeEachDb('dashboard: flow analytics', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let slug: string;
  const page = async (section: string, query = '') => {
    const r = await t.page(`/admin/apps/${slug}/${section}${query}`, cookie);
    expect(r.status, r.body.slice(0, 500)).toBe(200);
    return { html: r.body, text: textOf(r.body), headers: r.headers };
  };

  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' } });
    slug = (await seedAnalytics(t)).slug;
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  it('cancel: reasons and saves per version, offers, and sessions and saves per day', async () => {
    const { html, text, headers } = await page('cancel');
    expect(String(headers['content-security-policy'])).toContain("style-src 'self'");
    expect(html).not.toMatch(/style=|<style|<script(?! (src="\/admin\/assets\/[a-z]+\.js" defer|type="application\/json" id="cancel-days-data"))/);
    expect(html).toMatch(/href="\/admin\/apps\/sleepy\/cancel" aria-current="page">Cancel flow</);
    expect(text).toContain('cancel · version 1');
    expect(text).toMatch(/Sessions 5 Opened 5 Saved 3 \(60%\) Cancelled 1 Other exits 1 No exit yet 0/);
    // Reason, picked, saved, cancelled, other, save rate; labels escaped.
    expect(text).toContain('Too expensive too_expensive 2 1 1 0 50%');
    expect(text).toContain('Missing a feature &lt;i>x&lt;/i> missing_feature 1 0 0 1 0%');
    expect(html).not.toContain('<i>x</i>');
    expect(text).toContain('Too many bugs bugs 1 1 0 0 100%');
    expect(html).toMatch(/<meter min="0" max="2" value="2" aria-hidden="true"><\/meter>/);
    // The offer of too_expensive: shown on 2 response screens, accepted once.
    expect(text).toContain('winback 50/3m too_expensive 2 1 50%');
    // Day chart: the roll-ups (today's column), with the numbers as a table.
    const data = JSON.parse(/<script type="application\/json" id="cancel-days-data">(.*?)<\/script>/.exec(html)![1]);
    expect(data.series.map((s: { label: string; values: number[] }) => [s.label, s.values.at(-1), s.values.length])).toEqual([
      ['Sessions', 5, 30],
      ['Saved', 3, 30],
    ]);
    expect(html).toContain('<summary>Show the numbers</summary>');
  });

  it('onboarding: the drop-off per step of each version', async () => {
    const { html, text } = await page('onboarding');
    expect(html).toMatch(/aria-current="page">Onboarding</);
    expect(text).toContain('Version 1');
    expect(text).toMatch(/Started 3 Opened 3 Completed 1 \(33\.3%\) Claimed in the app 0 \(0%\)/);
    // Step, reached, share of opened, dropped off since the row before.
    expect(text).toContain('Opened · first screen shown 3 100% –');
    expect(text).toContain('1. goal · question 2 66.7% 1 (33.3%)');
    expect(text).toContain('2. science · info screen 1 33.3% 1 (50%)');
    expect(text).toContain('3. habits · question 0 0% 1 (100%)');
    expect(text).toContain('4. email · email 0 0% –');
    expect(text).toContain('Completed 1 33.3% –');
    const data = JSON.parse(/id="onboarding-days-data">(.*?)<\/script>/.exec(html)![1]);
    expect(data.series.map((s: { values: number[] }) => s.values.at(-1))).toEqual([3, 1]);
  });

  it('referral: top referrers first, the graph of who brought whom, attributions per day', async () => {
    const { html, text } = await page('referral');
    // Referrer, code, attributed, visits and codes, rewarded, over the cap (3), devices — most attributed first.
    const rows = [...html.matchAll(/<tr><th scope="row" class="mono">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(rows).toEqual(['alice', 'bob', 'carol']);
    expect(text).toMatch(/alice [A-Z0-9]{8} 4 4 0 1 1/);
    expect(text).toMatch(/bob [A-Z0-9]{8} 1 2 0 0 1/);
    expect(text).toMatch(/carol [A-Z0-9]{8} 0 0 0 0 0/);
    // The tree: alice's four (bob links to his own node), bob's one.
    expect(text).toContain('alice brought 4 friends');
    expect(text).toContain('bob brought 1 friend');
    expect(text).toContain('anonymous ANON-1');
    expect(html).toMatch(/<a class="mono" href="#node-\d">bob<\/a>/);
    const data = JSON.parse(/id="referral-days-data">(.*?)<\/script>/.exec(html)![1]);
    expect(data.series[0].values.at(-1)).toBe(5);
  });

  it('referral: both lists page over their cursors; a forged cursor is a 400 page', async () => {
    // Pages of one through the API's own cursor: the referrers operation in its `attributed` order.
    const api = async (cursor?: string) =>
      (await t.app.inject({ url: `/api/v1/apps/${slug}/referrals/referrers?sort=attributed&limit=1${cursor ? `&cursor=${cursor}` : ''}`, headers: t.auth })).json();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await api(cursor);
      seen.push(...r.referrers.map((x: { userId: string }) => x.userId));
      cursor = r.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['alice', 'bob', 'carol']);
    // The page's own pager: 20 referrers and 100 referrals a page, so no next link here.
    const { html } = await page('referral');
    expect(html).not.toContain('Next page');
    // The second page of the API's referrers, shown on the dashboard.
    const second = (await api()).nextCursor as string;
    const p2 = await page('referral', `?cursor=${encodeURIComponent(second)}`);
    expect([...p2.html.matchAll(/<tr><th scope="row" class="mono">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(['bob', 'carol']);
    expect(p2.html).toMatch(/<a href="\/admin\/apps\/sleepy\/referral#top-referrers">First page<\/a>/);
    const bad = await t.page(`/admin/apps/${slug}/referral?cursor=bm9wZQ`, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Invalid cursor');
  });

  it('promotion: tap rate per placement and destination, impressions and taps per day', async () => {
    const { html, text } = await page('promotion');
    expect(text).toContain('after_onboarding');
    expect(text).toMatch(/Impressions 6 Taps 2 Tap rate 33\.3% Installs 0 Nothing to show 0/);
    // Destination, impressions, taps, tap rate, installs, dismissed.
    expect(text).toContain('Focus 6 2 33.3% 0 1');
    const data = JSON.parse(/id="promotion-days-data">(.*?)<\/script>/.exec(html)![1]);
    expect(data.series.map((s: { values: number[] }) => s.values.at(-1))).toEqual([6, 2]);
  });

  it('the overview shows cancel saves, referrals and promotion taps and impressions, linked to their pages', async () => {
    const r = await t.page(`/admin/apps/${slug}/overview`, cookie);
    const card = (section: string, label: string) => {
      const m = new RegExp(`<a href="/admin/apps/${slug}/${section}">${label}</a></h2><dl>(.*?)</dl>`).exec(r.body);
      expect(m, label).toBeTruthy();
      return [...m![1].matchAll(/<dd>([\d,]+)<\/dd>/g)].map((x) => Number(x[1].replace(/,/g, '')));
    };
    expect(card('cancel', 'Cancel flow sessions')).toEqual([5, 5, 5]);
    expect(card('cancel', 'Subscribers saved')).toEqual([3, 3, 3]);
    expect(card('onboarding', 'Onboarding completions')).toEqual([1, 1, 1]);
    expect(card('referral', 'Referrals')).toEqual([5, 5, 5]);
    expect(card('promotion', 'Promotion impressions')).toEqual([6, 6, 6]);
    expect(card('promotion', 'Promotion taps')).toEqual([2, 2, 2]);
  });

  it('empty pages say so; another account’s app and unknown apps are a 404; signed-out visitors go to sign-in', async () => {
    await t.createApp({ name: 'Quiet', slug: 'quiet' });
    for (const [section, empty] of [
      ['cancel', 'No sessions yet'],
      ['onboarding', 'No sessions yet'],
      ['referral', 'No referrer has a code yet.'],
      ['promotion', 'Nothing shown yet'],
    ]) {
      const r = await t.page(`/admin/apps/quiet/${section}`, cookie);
      expect(r.status, section).toBe(200);
      expect(r.body, section).toContain(empty);
    }
    const other = await t.otherAccount();
    await t.createApp({ name: 'Theirs', slug: 'theirs' }, other.auth);
    for (const section of ['cancel', 'onboarding', 'referral', 'promotion']) {
      const r = await t.page(`/admin/apps/theirs/${section}`, cookie);
      expect(r.status, section).toBe(404);
      expect(r.body).not.toContain('Theirs');
      expect((await t.page(`/admin/apps/nope/${section}`, cookie)).status).toBe(404);
      expect((await t.app.inject({ url: `/admin/apps/${slug}/${section}` })).statusCode).toBe(303);
    }
  });
});
