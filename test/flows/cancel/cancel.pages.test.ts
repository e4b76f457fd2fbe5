import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { cancelApp, everyAction, leavingTarget, startSession, type Session } from './cancel.pages.fixtures.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** A submit button of the page: `name="b" value="<ref>"`, then its label. */
const button = (ref: string, label: string) => new RegExp(`name="b" value="${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>${label}</button>`);

/** The hosted cancel page (WIRE C, D): screens, exits, recorded steps, web sessions, preview. */
describeEachDb('cancel hosted page', (dialect) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await cancelApp(t, 'Pages')).slug;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  /** A button press as the browser posts it (the session token in the hidden field). */
  const press = (s: Session, b: string, extra: Record<string, string | string[]> = {}, token = s.token) => {
    const body = new URLSearchParams({ t: token, b });
    for (const [k, v] of Object.entries(extra)) for (const x of [v].flat()) body.append(k, x);
    return t.app.inject({ method: 'POST', url: s.action, headers: form, payload: body.toString() });
  };
  const steps = async (sessionId: string) =>
    (await t.db.db.selectFrom('flow_steps').select(['step', 'key', 'detail']).where('session_id', '=', sessionId).execute())
      .map((r) => `${r.step}:${r.key}:${r.detail ?? ''}`)
      .sort();
  const sessionCount = async () => Number((await t.db.db.selectFrom('flow_sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const stepCount = async () => Number((await t.db.db.selectFrom('flow_steps').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('flowUrl walks intro, reasons, response and thanks; everything escaped; strict CSP; the escape hatch everywhere', async () => {
    const s = await startSession(t, slug);
    expect(s.path).toBe(`/cancel/${slug}/s/${s.sessionId}?t=${s.token}`);
    const intro = await get(s.path);
    expect(intro.statusCode).toBe(200);
    expect(intro.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(intro.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(intro.headers['cache-control']).toBe('no-store');
    expect(intro.headers['referrer-policy']).toBe('no-referrer');
    expect(intro.body).not.toMatch(/<script|style=|<style/);
    expect(intro.body).toContain('Before you go &lt;b>really&lt;/b>');
    expect(intro.body).toContain('&lt;script>alert(1)&lt;/script>');
    expect(intro.body).toContain('href="/assets/cancel.css"');
    expect(intro.body).toContain(`action="/cancel/${slug}/s/${s.sessionId}"`);
    expect(intro.body).toContain(`name="t" value="${s.token}"`);
    expect(intro.body).toMatch(button('intro:primary', 'Continue'));
    expect(intro.body).toMatch(button('intro:secondary', 'Keep my plan'));
    expect(intro.body).toContain('value="escape"');

    const toReasons = await press(s, 'intro:primary');
    expect(toReasons.statusCode).toBe(303);
    expect(toReasons.headers.location).toBe(`${s.path}&step=reasons`);
    const reasons = await get(String(toReasons.headers.location));
    expect(reasons.statusCode).toBe(200);
    // single mode without autoAdvance: radios in a fieldset whose legend is the title, then Continue
    expect(reasons.body).toMatch(/<fieldset class="cx-reasons"[^>]*><legend><h1>Why are you leaving\?<\/h1><\/legend>/);
    expect(reasons.body.match(/type="radio" name="reason"/g)).toHaveLength(6);
    expect(reasons.body).toContain('Missing a feature &lt;i>x&lt;/i>');
    expect(reasons.body).toContain('value="reasons:continue"');
    expect(reasons.body).toContain(`class="cx-back" href="/cancel/${slug}/s/${s.sessionId}?t=${s.token}"`);
    expect(reasons.body).toContain('value="escape"');

    const toResponse = await press(s, 'reasons:continue', { reason: 'too_expensive' });
    expect(toResponse.statusCode).toBe(303);
    expect(toResponse.headers.location).toBe(`${s.path}&step=response&reason=too_expensive`);
    const response = await get(String(toResponse.headers.location));
    expect(response.body).toContain('<h1>How about 50% off?</h1>');
    expect(response.body).toMatch(button('response:too_expensive:primary', 'Claim 50% off'));
    expect(response.body).toMatch(button('response:too_expensive:secondary', 'Continue cancelling'));
    expect(response.body).toContain(`href="/cancel/${slug}/s/${s.sessionId}?t=${s.token}&amp;step=reasons"`);
    // "Continue cancelling" already is the escape hatch on this screen: no second one
    expect(response.body).not.toContain('value="escape"');
    const other = await get(`${s.path}&step=response&reason=missing_feature`);
    expect(other.body).toContain('value="escape"');

    const thanks = await get(`${s.path}&step=thanks`);
    expect(thanks.body).toContain('<h1>Thank you</h1>');
    expect(thanks.body).toMatch(button('thanks:return', 'Back to the app'));
    expect(thanks.body).toMatch(button('escape', 'Cancel subscription'));

    // screens that do not exist in the pinned config
    for (const q of ['&step=response&reason=nope', '&step=response&reason=no_response', '&step=elsewhere']) expect((await get(`${s.path}${q}`)).statusCode, q).toBe(400);
  });

  it('two sessions on the same version get their own id and token in the cached page', async () => {
    const [a, b] = [await startSession(t, slug), await startSession(t, slug)];
    const [pa, pb] = [(await get(a.path)).body, (await get(b.path)).body];
    expect(pa).toContain(a.token);
    expect(pa).not.toContain(b.token);
    expect(pb).toContain(b.token);
    expect(pb).not.toContain(a.sessionId);
    expect(pa.replaceAll(a.sessionId, 'ID').replaceAll(a.token, 'TOK')).toBe(pb.replaceAll(b.sessionId, 'ID').replaceAll(b.token, 'TOK'));
  });

  it('the token is required: missing, wrong, another session’s or another app’s is a 404 page, and nothing is recorded', async () => {
    const s = await startSession(t, slug);
    const other = await startSession(t, slug);
    const otherApp = (await cancelApp(t, 'Other Pages')).slug;
    const before = await stepCount();
    for (const url of [
      `/cancel/${slug}/s/${s.sessionId}`,
      `/cancel/${slug}/s/${s.sessionId}?t=`,
      `/cancel/${slug}/s/${s.sessionId}?t=${s.token.slice(0, -1)}${s.token.endsWith("x") ? "y" : "x"}`,
      `/cancel/${slug}/s/${s.sessionId}?t=${other.token}`,
      `/cancel/${otherApp}/s/${s.sessionId}?t=${s.token}`,
      `/cancel/${slug}/s/nope?t=${s.token}`,
      `/cancel/${slug}/s/${s.sessionId}?t=${s.token}&t=${s.token}`,
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.body, url).toContain('This link has expired');
      // never a dead end: the store subscription pages
      expect(r.body).toContain('https://apps.apple.com/account/subscriptions');
    }
    expect((await press(s, 'escape', {}, other.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: s.action, headers: form, payload: 'b=escape' })).statusCode).toBe(404);
    expect(await stepCount()).toBe(before);
  });

  it('every action type leaves through a page that opens the exact WIRE C deep link, and records click and exit', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['intro:secondary', 'return_to_app', {}, 'type=return_to_app&session_id=ID'],
      ['escape', 'manage_subscription', {}, 'type=manage_subscription&session_id=ID'],
      ['response:too_expensive:primary', 'open_offer', {}, 'type=open_offer&session_id=ID&offer_id=winback%2050%2F3m'],
      ['response:too_expensive:secondary', 'manage_subscription', {}, 'type=manage_subscription&session_id=ID'],
      ['response:missing_feature:primary', 'open_support', {}, 'type=open_support&session_id=ID&topic=feature%20request&message=A%26B%20%3D%20C%20%231%20%C3%BCn%C3%AFcode'],
      ['response:missing_feature:secondary', 'open_feature', {}, 'type=open_feature&session_id=ID&feature_id=roadmap%2F2026'],
      ['response:bugs:primary', 'open_premium', {}, 'type=open_premium&session_id=ID&paywall_id=winback%20v2'],
      ['response:switching:primary', 'external_url', {}, 'type=external_url&session_id=ID&url=https%3A%2F%2Fexample.com%2Fcompare%3Fx%3D1%26y%3Da%2520b%23top'],
      ['response:switching:secondary', 'return_to_app', {}, 'type=return_to_app&session_id=ID'],
      ['thanks:return', 'return_to_app', {}, 'type=return_to_app&session_id=ID'],
    ];
    for (const [ref, action, extra, query] of cases) {
      const s = await startSession(t, slug);
      const r = await press(s, ref, extra);
      expect(r.statusCode, ref).toBe(200);
      expect(r.headers['content-security-policy']).toContain("default-src 'none'");
      expect(r.body).not.toContain('<script');
      expect(leavingTarget(r.body), ref).toBe(`myapp://retention-flow/action?${query.replace('session_id=ID', `session_id=${s.sessionId}`)}`);
      expect(await steps(s.sessionId), ref).toEqual([`click:${ref}:${action}`, `exit::${action}`]);
      // A resubmission (reload of the POST) answers the same page and records nothing new.
      const again = await press(s, ref, extra);
      expect(leavingTarget(again.body)).toBe(leavingTarget(r.body));
      expect(await steps(s.sessionId)).toHaveLength(2);
    }
    // only the first exit of a session counts
    const s = await startSession(t, slug);
    await press(s, 'escape');
    await press(s, 'intro:secondary');
    expect(await steps(s.sessionId)).toEqual(['click:escape:manage_subscription', 'click:intro:secondary:return_to_app', 'exit::manage_subscription']);
  });

  it('manage_subscription also offers the store pages; an unknown or stale button is a 400 page', async () => {
    const s = await startSession(t, slug);
    const r = await press(s, 'escape');
    expect(r.body).toContain('href="https://apps.apple.com/account/subscriptions"');
    expect(r.body).toContain('href="https://play.google.com/store/account/subscriptions"');
    const before = await stepCount();
    for (const b of ['', 'nope', 'response:nope:primary', 'response:too_expensive:tertiary', 'response:no_response:primary', 'reason:nope', 'response:__proto__:primary']) {
      expect((await press(s, b)).statusCode, b).toBe(400);
    }
    expect(await stepCount()).toBe(before);
  });

  it('steps are recorded once per session, however often a screen is reloaded or a form resent', async () => {
    const s = await startSession(t, slug);
    for (let i = 0; i < 3; i++) await get(s.path);
    for (let i = 0; i < 2; i++) await press(s, 'intro:primary');
    for (let i = 0; i < 2; i++) expect((await press(s, 'reasons:continue', { reason: 'missing_feature' })).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) await get(`${s.path}&step=response&reason=missing_feature`);
    expect(await steps(s.sessionId)).toEqual(['click:intro:primary:continue', 'opened::', 'reason:missing_feature:', 'response:missing_feature:']);
    // HEAD (a prefetch, a link check) records nothing
    const h = await startSession(t, slug);
    expect((await t.app.inject({ method: 'HEAD', url: h.path })).statusCode).toBe(200);
    expect(await steps(h.sessionId)).toEqual([]);
  });

  it('reasons: only ids of the pinned config are recorded; none picked comes back with a message', async () => {
    const s = await startSession(t, slug);
    const before = await stepCount();
    expect((await press(s, 'reasons:continue', { reason: 'nope' })).statusCode).toBe(400);
    expect((await press(s, 'reasons:continue', { reason: ['too_expensive', 'bugs'] })).statusCode).toBe(400); // single mode
    const none = await press(s, 'reasons:continue');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('role="alert"');
    expect(none.body).toContain('Please pick a reason.');
    expect(await stepCount()).toBe(before);
    // a reason without a response goes to the thanks screen
    const r = await press(s, 'reasons:continue', { reason: 'no_response' });
    expect(r.headers.location).toBe(`${s.path}&step=thanks`);
    await get(String(r.headers.location));
    expect(await steps(s.sessionId)).toEqual(['reason:no_response:', 'thanks::']);
  });

  it('showThanksScreen: the click is recorded, nothing fires, the thanks screen follows and offers the way out', async () => {
    const s = await startSession(t, slug);
    for (const b of ['primary', 'secondary']) {
      const r = await press(s, `response:thanks_only:${b}`);
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe(`${s.path}&step=thanks`);
    }
    const thanks = await get(`${s.path}&step=thanks`);
    expect(thanks.body).not.toContain('retention-flow');
    expect(thanks.body).not.toContain('http-equiv');
    expect(await steps(s.sessionId)).toEqual(['click:response:thanks_only:primary:open_premium', 'click:response:thanks_only:secondary:manage_subscription', 'thanks::']);
    const out = await press(s, 'thanks:return');
    expect(leavingTarget(out.body)).toBe(`myapp://retention-flow/action?type=return_to_app&session_id=${s.sessionId}`);
  });

  it('none records the click and stays on the same screen', async () => {
    const s = await startSession(t, slug);
    const r = await press(s, 'response:bugs:secondary');
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe(`${s.path}&step=response&reason=bugs`);
    expect(await steps(s.sessionId)).toEqual(['click:response:bugs:secondary:none']);
  });

  it('multi mode: checkboxes, each picked reason recorded, straight to thanks (no response screens)', async () => {
    const base = everyAction();
    const multi = (await cancelApp(t, 'Multi', { ...base, reasonScreen: { ...base.reasonScreen, selectMode: 'multi', subtitle: '' } })).slug;
    const s = await startSession(t, multi);
    const page = await get(`${s.path}&step=reasons`);
    expect(page.body.match(/type="checkbox" name="reason"/g)).toHaveLength(6);
    expect(page.body).not.toContain('type="radio"');
    expect(page.body).toContain('Pick all that apply.');
    const none = await press(s, 'reasons:continue');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Please pick at least one reason.');
    expect((await press(s, 'reasons:continue', { reason: ['bugs', 'nope'] })).statusCode).toBe(400);
    const r = await press(s, 'reasons:continue', { reason: ['too_expensive', 'bugs', 'too_expensive'] });
    expect(r.headers.location).toBe(`${s.path}&step=thanks`);
    await get(String(r.headers.location));
    expect(await steps(s.sessionId)).toEqual(['reason:bugs:', 'reason:too_expensive:', 'thanks::']);
  });

  it('single mode with autoAdvance: each reason is its own submit button; no back button when showBackButton is false', async () => {
    const base = everyAction();
    const auto = (await cancelApp(t, 'Auto', { ...base, showBackButton: false, reasonScreen: { ...base.reasonScreen, autoAdvance: true } })).slug;
    const s = await startSession(t, auto);
    const page = await get(`${s.path}&step=reasons`);
    expect(page.body).toContain('value="reason:too_expensive"');
    expect(page.body).not.toContain('type="radio"');
    expect(page.body).not.toContain('reasons:continue');
    expect(page.body).not.toContain('cx-back');
    expect((await get(`${s.path}&step=response&reason=bugs`)).body).not.toContain('cx-back');
    const r = await press(s, 'reason:bugs');
    expect(r.headers.location).toBe(`${s.path}&step=response&reason=bugs`);
    expect(await steps(s.sessionId)).toEqual(['reason:bugs:', 'response:bugs:']);
  });

  it('an app without a deep-link scheme gets words and store links, never a broken link', async () => {
    const plain = (await cancelApp(t, 'No Scheme', everyAction(), null)).slug;
    const s = await startSession(t, plain);
    const back = await press(s, 'intro:secondary');
    expect(back.statusCode).toBe(200);
    expect(back.body).not.toContain('http-equiv');
    expect(back.body).not.toContain('retention-flow');
    expect(back.body).toContain('You can close this window');
    const manage = await press(s, 'escape');
    expect(manage.body).not.toContain('http-equiv');
    expect(manage.body).toContain('href="https://apps.apple.com/account/subscriptions"');
    expect(manage.body).toContain('href="https://play.google.com/store/account/subscriptions"');
    const offer = await press(s, 'response:too_expensive:primary');
    expect(offer.body).toContain('Open No Scheme to continue');
    expect(offer.body).not.toContain('retention-flow');
    // external_url still goes to the web page itself
    const ext = await press(s, 'response:switching:primary');
    expect(leavingTarget(ext.body)).toBe('https://example.com/compare?x=1&y=a%20b#top');
  });

  it('the session pins its version: a publish mid-session changes nothing for it, new sessions get the new version', async () => {
    const app = await cancelApp(t, 'Pinned');
    const v1 = await startSession(t, app.slug);
    await putAndPublish(t, app.slug, 'cancel', everyAction({ intro: { title: 'Version two', subtitle: '', primaryButton: 'Go on', secondaryButton: 'Stay' } }));
    const v2 = await startSession(t, app.slug);
    const old = await get(v1.path);
    expect(old.body).toContain('Before you go');
    expect(old.body).not.toContain('Version two');
    expect((await get(v2.path)).body).toContain('Version two');
    expect(await press(v1, 'intro:secondary').then((r) => leavingTarget(r.body))).toBe(`myapp://retention-flow/action?type=return_to_app&session_id=${v1.sessionId}`);
    const rows = await t.db.db.selectFrom('flow_steps').select(['session_id', 'version_number']).where('session_id', 'in', [v1.sessionId, v2.sessionId]).execute();
    expect(rows.map((r) => [r.session_id === v1.sessionId ? 'v1' : 'v2', Number(r.version_number)]).sort()).toEqual([
      ['v1', 1],
      ['v1', 1],
      ['v1', 1],
      ['v2', 2],
    ]);
  });

  it('/cancel/<app>[/<flow>] starts a web session and redirects to it; unknown and unpublished are a 404 page; bots start none', async () => {
    const before = await sessionCount();
    const r = await get(`/cancel/${slug}`, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' });
    expect(r.statusCode).toBe(303);
    const m = new RegExp(`^/cancel/${slug}/s/([A-Za-z0-9]+)\\?t=([A-Za-z0-9]+)$`).exec(String(r.headers.location));
    expect(m).not.toBeNull();
    const row = await t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', m![1]).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'web', platform: 'web', token: m![2], version_number: 1 });
    expect(await sessionCount()).toBe(before + 1);
    const page = await get(String(r.headers.location));
    expect(page.statusCode).toBe(200);
    // A web session's external_url goes to the page itself, not through the app.
    const web = { sessionId: m![1], token: m![2], flowUrl: '', path: String(r.headers.location), action: `/cancel/${slug}/s/${m![1]}` };
    expect(leavingTarget((await press(web, 'response:switching:primary')).body)).toBe('https://example.com/compare?x=1&y=a%20b#top');
    // other deep links still fire (a phone with the app installed opens it)
    expect(leavingTarget((await press(web, 'escape')).body)).toBe(`myapp://retention-flow/action?type=manage_subscription&session_id=${web.sessionId}`);

    // a secondary flow, and the primary's own slug
    await putAndPublish(t, slug, 'cancel', everyAction({ intro: { title: 'Annual plan', subtitle: '', primaryButton: 'Go on', secondaryButton: 'Stay' } }), 'annual');
    const annual = await get(`/cancel/${slug}/annual`);
    expect(annual.statusCode).toBe(303);
    expect((await get(String(annual.headers.location))).body).toContain('Annual plan');
    expect((await get(`/cancel/${slug}/cancel`)).statusCode).toBe(303);

    const counted = await sessionCount();
    const unpublished = (await t.createApp({ name: 'Unpublished Cancel' })).slug;
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${unpublished}/flows/cancel`, headers: { ...t.auth, ...json }, payload: JSON.stringify(everyAction()) });
    for (const url of ['/cancel/nope', `/cancel/${unpublished}`, `/cancel/${slug}/nope`, `/cancel/${slug}/Bad_Slug`]) {
      const n = await get(url);
      expect(n.statusCode, url).toBe(404);
      expect(n.headers['content-type']).toMatch(/^text\/html/);
      expect(n.body).toContain('Not available');
    }
    const bot = await get(`/cancel/${slug}`, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    expect(bot.statusCode).toBe(200);
    expect(bot.body).toContain('Before you go &lt;b>really&lt;/b>');
    expect((await t.app.inject({ method: 'HEAD', url: `/cancel/${slug}` })).statusCode).toBe(200);
    expect(await sessionCount()).toBe(counted);
  });

  it('owners preview the draft: a Preview banner, the draft’s screens, deep links shown instead of fired, nothing recorded', async () => {
    const app = await cancelApp(t, 'Preview');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/apps/${app.slug}/flows/cancel`,
      headers: { ...t.auth, ...json },
      payload: JSON.stringify(everyAction({ intro: { title: 'Draft intro', subtitle: '', primaryButton: 'Next', secondaryButton: 'Stay' } })),
    });
    const issued = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/cancel/preview-token`, headers: t.auth });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token, url, expiresAt } = issued.json();
    expect(url).toBe(`http://web.test/cancel/${app.slug}?p=${encodeURIComponent(token)}`);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const [sessions, stepsBefore] = [await sessionCount(), await stepCount()];

    const p = `/cancel/${app.slug}?p=${encodeURIComponent(token)}`;
    const intro = await get(p);
    expect(intro.statusCode).toBe(200);
    expect(intro.body).toContain('Draft intro');
    expect(intro.body).toContain('<strong>Preview</strong>');
    expect(intro.body).toContain(`action="/cancel/${app.slug}"`);
    expect(intro.body).toContain(`name="p" value="${token}"`);
    const post = (b: string, extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/cancel/${app.slug}`, headers: form, payload: new URLSearchParams({ p: token, b, ...extra }).toString() });
    const next = await post('intro:primary');
    expect(next.statusCode).toBe(303);
    expect(next.headers.location).toBe(`${p}&step=reasons`);
    expect((await get(String(next.headers.location))).body).toContain('<strong>Preview</strong>');
    expect((await post('reasons:continue', { reason: 'bugs' })).headers.location).toBe(`${p}&step=response&reason=bugs`);
    const leave = await post('response:bugs:primary');
    expect(leave.statusCode).toBe(200);
    expect(leave.body).not.toContain('http-equiv');
    expect(leave.body).toContain('myapp://retention-flow/action?type=open_premium&amp;session_id=SESSION_ID&amp;paywall_id=winback%20v2');
    expect(leave.body).toContain(`href="/cancel/${app.slug}?p=${encodeURIComponent(token)}&amp;step=response&amp;reason=bugs"`);
    expect((await post('escape')).body).toContain('type=manage_subscription');
    expect((await post('response:thanks_only:primary')).headers.location).toBe(`${p}&step=thanks`);
    expect(await sessionCount()).toBe(sessions);
    expect(await stepCount()).toBe(stepsBefore);

    // wrong, tampered, another app's or expired tokens; a POST without one
    const other = await cancelApp(t, 'Preview Other');
    const otherToken = (await t.app.inject({ method: 'POST', url: `/api/v1/apps/${other.slug}/flows/cancel/preview-token`, headers: t.auth })).json().token;
    for (const bad of ['nope', `${token}x`, otherToken]) {
      const r = await get(`/cancel/${app.slug}?p=${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(404);
      expect(r.body).toContain('Preview not available');
    }
    expect((await get(`/cancel/${app.slug}/annual?p=${encodeURIComponent(token)}`)).statusCode).toBe(404); // issued for the primary
    expect((await t.app.inject({ method: 'POST', url: `/cancel/${app.slug}`, headers: form, payload: 'b=escape' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/nope/flows/cancel/preview-token`, headers: t.auth })).statusCode).toBe(404);
    const none = await t.createApp({ name: 'No Cancel' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${none.slug}/flows/cancel/preview-token`, headers: t.auth })).statusCode).toBe(404);
    // a draft of an unpublished flow previews too
    const fresh = await t.createApp({ name: 'Fresh Cancel', deepLinkScheme: 'fresh' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${fresh.slug}/flows/cancel`, headers: { ...t.auth, ...json }, payload: JSON.stringify(everyAction()) });
    const freshUrl = new URL((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${fresh.slug}/flows/cancel/preview-token`, headers: t.auth, payload: { expiresInHours: 1 } })).json().url);
    expect((await get(freshUrl.pathname + freshUrl.search)).statusCode).toBe(200);
    expect(await sessionCount()).toBe(sessions);
  });
});

const enc = encodeURIComponent;
const HOSTILE = ['%00', 'a%00b', '%ED%A0%80', '%', '%zz', 'x'.repeat(600), '..', '%2F', enc('😀'), enc('\u202E'), '%20', '-1', enc("' OR 1=1 --"), '%FF', '__proto__', 'constructor', '%3Cscript%3E'];

describeEachDb('cancel hosted page, hostile input', (dialect) => {
  let t: TestApp;
  let slug: string;
  let s: Session;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await cancelApp(t, 'Hostile')).slug;
    s = await startSession(t, slug);
  });
  afterAll(() => t.close());

  it('never answers 5xx, and a reload of the session still works afterwards', async () => {
    const bad: string[] = [];
    const send = async (method: 'GET' | 'POST', url: string, payload?: string, type = 'application/x-www-form-urlencoded') => {
      const r = await t.app.inject({ method, url, headers: { accept: 'text/html', 'user-agent': BROWSER, ...(payload !== undefined ? { 'content-type': type } : {}) }, payload });
      if (r.statusCode >= 500) bad.push(`${method} ${url} ${payload ?? ''} -> ${r.statusCode} ${r.body.slice(0, 200)}`);
    };
    for (const v of HOSTILE) {
      for (const url of [`/cancel/${v}`, `/cancel/${slug}/${v}`, `/cancel/${v}/s/${s.sessionId}?t=${s.token}`, `/cancel/${slug}/s/${v}?t=${s.token}`]) await send('GET', url);
      for (const q of ['t', 'step', 'reason', 'p']) await send('GET', `${s.path.replace(/\?.*/, '')}?t=${q === 't' ? v : s.token}&${q}=${v}`);
      await send('GET', `/cancel/${slug}?p=${v}&step=${v}`);
      for (const f of ['t', 'b', 'reason', 'p']) {
        await send('POST', s.action, `t=${f === 't' ? v : s.token}&b=reasons:continue&${f}=${v}`);
        await send('POST', `/cancel/${slug}`, `p=${v}&b=escape&${f}=${v}`);
      }
      await send('POST', s.action, `t=${s.token}&b=response:${v}:primary`);
    }
    for (const body of ['{"t":{"$ne":""},"b":"escape"}', `{"t":"${s.token}","b":["escape"],"reason":[{"x":1}]}`, '[1,2]', '"x"', 'null', `{"t":"${s.token}","b":"reasons:continue","reason":{"a":"b"}}`]) {
      await send('POST', s.action, body, 'application/json');
    }
    expect(bad).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: s.path, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
  });
});

describeEachDb('cancel hosted page rate limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1' } });
  });
  afterAll(() => t.close());

  it('page posts share the cancel.step budget (12x PUBLIC_RATE_LIMIT) and get a page when over it; web sessions cancel.session', async () => {
    const slug = (await cancelApp(t, 'Limited')).slug;
    const s = await startSession(t, slug);
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) codes.push((await t.app.inject({ method: 'POST', url: s.action, headers: form, payload: `t=${s.token}&b=intro:primary` })).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 303)).toBe(true);
    expect(codes[12]).toBe(429);
    const over = await t.app.inject({ method: 'POST', url: s.action, headers: form, payload: `t=${s.token}&b=intro:primary` });
    expect(over.headers['content-type']).toMatch(/^text\/html/);
    expect(over.body).toContain('Too many requests');
    // web sessions: sessionLimit(1) = 3 per minute, shared with the API's (one started above)
    const web: number[] = [];
    for (let i = 0; i < 3; i++) web.push((await t.app.inject({ method: 'GET', url: `/cancel/${slug}`, headers: { 'user-agent': BROWSER } })).statusCode);
    expect(web).toEqual([303, 303, 429]);
  });
});
