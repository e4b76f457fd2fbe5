import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { pageToken } from '../../form-token.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodReferral } from './referral.fixtures.js';

describeEachDb('referral invite page', (dialect) => {
  let t: TestApp;
  let code = '';
  const json = { 'content-type': 'application/json' };
  const pending = async () => Number((await t.db.db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Sleepy <b>', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'referral', goodReferral({ landing: { ...goodReferral().landing, title: 'Your friend <i>invited</i> you' } }));
    code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', userId: 'alice' }) })).json().code;
  });
  afterAll(() => t.close());

  it('shows the landing (escaped, Open Graph tags) for the code in any case or form, and creates nothing', async () => {
    for (const path of [`/r/${code}`, `/r/${code.toLowerCase()}`, `/r/${code.slice(0, 4)}-${code.slice(4)}`, `/R/${code}`]) {
      const r = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
      expect(r.statusCode, path).toBe(200);
      expect(r.body).toContain('Your friend &lt;i>invited&lt;/i> you');
      expect(r.body).toContain('Sleepy &lt;b>');
      expect(r.body).toContain('<meta property="og:description" content="Get a free week of Pro. 1 free week"/>');
      expect(r.body).toContain(`data-deeplink="sleepy://retention-flow/action?type=referral&amp;code=${code}"`);
      expect(r.body).toContain('data-fallback="https://apps.apple.com/app/id1444383602"');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(await pending()).toBe(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/r/ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Invite not found');
    expect((await t.app.inject({ method: 'GET', url: '/r/%3Cscript%3E' })).statusCode).toBe(404);
  });

  it('without JavaScript the button posts: a pending referral, the token to copy, the app and store links', async () => {
    const _token = await pageToken(t, `/r/${code}`);
    const r = await t.app.inject({ method: 'POST', url: `/r/${code}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _token }).toString() });
    expect(r.statusCode).toBe(200);
    const claim = /value="(amrf_[A-Za-z0-9]{32})"/.exec(r.body)?.[1];
    expect(claim).toBeDefined();
    expect(r.body).toContain(`href="sleepy://retention-flow/action?type=referral&amp;code=${code}"`);
    expect(r.body).toContain('href="https://apps.apple.com/app/id1444383602"');
    expect(await pending()).toBe(1);
    // The token works in the app.
    const att = await t.app.inject({ method: 'POST', url: '/api/public/referral/attribute', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: claim, anonymousId: 'A1' }) });
    expect(att.json()).toMatchObject({ attributed: true });
    // A post from another site (no token) creates nothing.
    const forged = await t.app.inject({ method: 'POST', url: `/r/${code}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(forged.statusCode).toBe(403);
    expect(await pending()).toBe(0);
  });
});
