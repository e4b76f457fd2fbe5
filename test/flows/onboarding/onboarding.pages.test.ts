import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodOnboarding } from './onboarding.fixtures.js';
import { endLink, hostileOnboarding, startFunnel, type Funnel } from './onboarding.pages.fixtures.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const CLAIM = /amob_[A-Za-z0-9]{32}/;
/** What a page shows: its text, without tags and attributes (where the claim token may travel, unseen). */
const shownText = (html: string) => html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<[^>]*>/g, ' ');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A funnel with every step kind and rule: required single (radios), optional single, required multi, required email. */
const strict = () => ({
  type: 'onboarding',
  intro: { title: 'Strict', subtitle: 'Every rule', startLabel: 'Begin' },
  steps: [
    { kind: 'question', id: 'level', prompt: 'Your level?', required: true, options: [{ id: 'new', label: 'New' }, { id: 'pro', label: 'Pro' }] },
    { kind: 'question', id: 'mood', prompt: 'Your mood?', options: [{ id: 'calm', label: 'Calm' }, { id: 'busy', label: 'Busy' }] },
    { kind: 'question', id: 'tools', prompt: 'Your tools?', selectMode: 'multi', required: true, options: [{ id: 'pen', label: 'Pen' }, { id: 'app', label: 'App' }, { id: 'pen', label: 'Another pen' }] },
    { kind: 'email_capture', id: 'email', title: 'Your email', required: true },
  ],
  handoff: { title: 'Thanks', body: 'Open the app.', ctaLabel: 'Open' },
});

/** The hosted funnel (WIRE D "Onboarding (in-app)", C `onboarding_complete`): screens, scheme rule, handoff, recorded steps, embed, preview. */
describeEachDb('onboarding hosted funnel', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
    await t.createApp({ name: 'Plain', slug: 'plain' });
    await putAndPublish(t, 'plain', 'onboarding', goodOnboarding());
    await t.createApp({ name: 'Strict <App>', slug: 'strict' });
    await putAndPublish(t, 'strict', 'onboarding', strict());
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  const steps = async (sessionId: string) =>
    (await t.db.db.selectFrom('flow_steps').select(['step', 'key']).where('session_id', '=', sessionId).execute()).map((r) => `${r.step}:${r.key}`).sort();
  const count = async (table: 'flow_sessions' | 'flow_steps' | 'onboarding_submissions') =>
    Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const submissionOf = (sessionId: string) => t.db.db.selectFrom('onboarding_submissions').selectAll().where('session_id', '=', sessionId).execute();

  /** A visitor without JavaScript: opens screens, presses buttons (the form's hidden fields go along). */
  interface Visitor {
    url: string;
    page: LightMyRequestResponse;
    readonly html: string;
    field(name: string): string | undefined;
    action(): string;
    open(url?: string): Promise<LightMyRequestResponse>;
    press(b: string, fields?: Record<string, string | string[]>): Promise<LightMyRequestResponse>;
  }
  function visitor(start: string): Visitor {
    const v: Visitor = {
      url: start,
      page: undefined as unknown as LightMyRequestResponse,
      get html() {
        return v.page.body;
      },
      field: (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(v.html)?.[1],
      action: () => /<form method="post" action="([^"]*)"/.exec(v.html)![1],
      async open(url = v.url) {
        v.url = url;
        v.page = await get(url);
        return v.page;
      },
      /** Posts the screen's form with button `b`; follows a 303, keeps a page with a message (422), not a refusal. Answers the post. */
      async press(b: string, fields: Record<string, string | string[]> = {}) {
        const body = new URLSearchParams();
        for (const name of ['t', 'p', 'a', 'at']) {
          const value = v.field(name);
          if (value !== undefined) body.append(name, value.replaceAll('&amp;', '&'));
        }
        body.append('b', b);
        for (const [k, x] of Object.entries(fields)) for (const one of [x].flat()) body.append(k, one);
        const r = await t.app.inject({ method: 'POST', url: v.action(), headers: form, payload: body.toString() });
        if (r.statusCode === 303) await v.open(String(r.headers.location));
        else if (r.statusCode === 200 || r.statusCode === 422) v.page = r;
        return r;
      },
    };
    return v;
  }

  it('flowUrl + scheme walks intro, every step kind and the end: the exact deep link with the claim token, the answers stored by answer key', async () => {
    const f = await startFunnel(t, 'sleepy');
    expect(f.path).toBe(`/onboarding/sleepy/s/${f.sessionId}?t=${f.token}`);
    const v = visitor(`${f.path}&scheme=sleepy`);
    const intro = await v.open();
    expect(intro.statusCode).toBe(200);
    expect(intro.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(intro.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(intro.headers['x-frame-options']).toBe('DENY');
    expect(intro.headers['cache-control']).toBe('no-store');
    expect(intro.headers['referrer-policy']).toBe('no-referrer');
    expect(intro.body).not.toMatch(/<script(?! src="\/assets\/onboarding\.js" defer><\/script>)|style=|<style/);
    expect(intro.body).toContain('<p class="eyebrow">Free plan</p>');
    expect(intro.body).toContain('<h1>Sleep better in 2 weeks</h1>');
    expect(intro.body).toMatch(/name="b" value="start" class="cx-btn">Start<\/button>/);
    expect(intro.body).toContain(`action="/onboarding/sleepy/s/${f.sessionId}"`);
    expect(intro.body).toContain(`name="t" value="${f.token}"`);
    expect(intro.body).toContain('href="/assets/accent.css?c=4f46e5"');
    expect(intro.body).toContain('class="cx theme-auto ob theme-gradient"');
    // the scheme travels sealed, never in clear
    expect(v.field('a')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const start = await v.press('start');
    expect(start.statusCode).toBe(303);
    expect(String(start.headers.location)).toMatch(new RegExp(`^/onboarding/sleepy/s/${f.sessionId}\\?t=${f.token}&step=1&a=[A-Za-z0-9_-]+$`));
    // 1: single, autoAdvance, required: each option its own submit button; no Continue, no Skip
    expect(v.html).toMatch(/<span id="ob-progress">1 of 4<\/span><progress max="4" value="1" aria-labelledby="ob-progress"><\/progress>/);
    expect(v.html).toMatch(/<fieldset class="cx-fields"[^>]*><legend><h1>What is your main goal\?<\/h1><\/legend>/);
    expect(v.html).toMatch(/name="b" value="pick:fall_asleep" formnovalidate class="cx-choice"><span class="cx-choice-text"><span class="ob-emoji" aria-hidden="true">😴<\/span>Fall asleep faster/);
    expect(v.html).not.toContain('type="radio"');
    expect(v.html).not.toContain('value="skip"');
    expect(v.html).not.toContain('value="next"');
    expect(v.html).toMatch(new RegExp(`class="cx-back" href="/onboarding/sleepy/s/${f.sessionId}\\?t=${f.token}&amp;a=[A-Za-z0-9_-]+"`));
    expect((await v.press('pick:fall_asleep')).statusCode).toBe(303);
    // 2: info with an https image and its continue label
    expect(v.url).toContain('&step=2&');
    expect(v.html).toContain('<img class="ob-image" src="https://cdn.example.org/science.png" alt/>');
    expect(v.html).toContain('<h1>Backed by research</h1>');
    expect(v.html).toMatch(/name="b" value="next" class="cx-btn">Got it<\/button>/);
    await v.press('next');
    // 3: multi: checkboxes, Continue, Skip (not required)
    expect(v.html.match(/type="checkbox" name="o"/g)).toHaveLength(3);
    expect(v.html).toContain('Pick all that apply.');
    expect(v.html).toMatch(/value="skip" formnovalidate class="cx-link ob-skip">Skip<\/button>/);
    await v.press('next', { o: ['naps', 'caffeine'] });
    // 4: email: a labelled email input, legal, Skip (required: false), the honeypot (last step)
    expect(v.html).toContain('<label for="ob-email">Email address<span class="hint"> (optional)</span></label>');
    expect(v.html).toMatch(/<input id="ob-email" type="email" name="email"[^>]*placeholder="you@example.com"[^>]*autocomplete="email"/);
    expect(v.html).toContain('<p class="legal" id="ob-legal">No spam.</p>');
    expect(v.html).toContain('name="website"');
    expect(v.html).toContain('<span id="ob-progress">4 of 4</span>');
    expect(await count('onboarding_submissions')).toBe(0); // nothing stored before the end
    const end = await v.press('next', { email: ' Ann@Example.com ' });
    expect(end.statusCode).toBe(303);
    expect(String(end.headers.location)).toMatch(/&step=done&a=[A-Za-z0-9_-]+$/);
    expect(String(end.headers.location)).not.toContain('amob_');

    const link = endLink(v.html)!;
    const token = CLAIM.exec(link)![0];
    expect(link).toBe(`sleepy://retention-flow/action?type=onboarding_complete&session_id=${f.sessionId}&claim_token=${token}`);
    expect(v.html).toContain('<h1>Your plan is ready</h1>');
    const [row] = await submissionOf(f.sessionId);
    expect(JSON.parse(row.answers_json)).toEqual({ goal: 'fall_asleep', habits: ['caffeine', 'naps'] });
    expect(row).toMatchObject({ email: 'Ann@Example.com', source: 'app', version_number: 1 });
    expect(await steps(f.sessionId)).toEqual(['completed:', 'opened:', 'reached:email', 'reached:goal', 'reached:habits', 'reached:science']);
    // a reload of the end page shows the same link and stores nothing more
    await v.open();
    expect(endLink(v.html)).toBe(link);
    expect(await submissionOf(f.sessionId)).toHaveLength(1);

    // the app redeems the token (WIRE B.2 ClaimRequest)
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/claim', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: token }) });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ answers: { goal: 'fall_asleep', habits: ['caffeine', 'naps'] }, email: 'Ann@Example.com', alreadyClaimed: false });
  });

  it('every string is escaped on every screen and on the handoff', async () => {
    await t.createApp({ name: 'Hostile "<App>"', slug: 'hostile', logoUrl: 'https://logo.example/a.png?x="1"' });
    await putAndPublish(t, 'hostile', 'onboarding', hostileOnboarding());
    const f = await startFunnel(t, 'hostile');
    const v = visitor(f.path);
    const pages: string[] = [(await v.open()).body];
    expect(v.html).toContain('<h1>Hi &lt;b>there&lt;/b></h1>');
    expect(v.html).toContain('Sub &lt;script>alert(1)&lt;/script>');
    expect(v.html).toContain('>Go &quot;now&quot;</button>');
    expect(v.html).toContain('<p class="eyebrow">&lt;i>new&lt;/i></p>');
    expect(v.html).toContain('<title>Hi &lt;b>there&lt;/b> · Hostile &quot;&lt;App>&quot;</title>');
    // Quotes and angle brackets in owner URLs arrive percent-encoded (#35: the ASCII form iOS 16 opens).
    expect(v.html).toContain('src="https://logo.example/a.png?x=%221%22"');
    await v.press('start');
    pages.push(v.html);
    expect(v.html).toContain('<h1>Pick &lt;u>one&lt;/u></h1>');
    expect(v.html).toContain('&lt;img src=x onerror=alert(1)>');
    expect(v.html).toContain('B &amp; &quot;b&quot;');
    expect(v.html).toContain('aria-hidden="true">&lt;></span>');
    await v.press('next', { o: 'a' });
    pages.push(v.html);
    expect(v.html).toContain('<h1>Note &lt;/h1>&lt;script>x&lt;/script></h1>');
    expect(v.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;>two&lt;/a>');
    expect(v.html).toContain('src="https://cdn.example.org/a.png?x=%221%22&amp;y=%3C2%3E"');
    await v.press('next');
    pages.push(v.html);
    expect(v.html).toContain('placeholder="&quot;>&lt;script>"');
    expect(v.html).toContain('Legal &lt;small>');
    // what a visitor typed comes back escaped
    const bad = await v.press('next', { email: '"><script>alert(1)</script>' });
    expect(bad.statusCode).toBe(422);
    pages.push(v.html);
    expect(v.html).toContain('value="&quot;>&lt;script>alert(1)&lt;/script>"');
    expect(v.html).toContain('aria-invalid="true"');
    await v.press('skip');
    pages.push(v.html);
    expect(v.html).toContain('<h1>Done &lt;b>!&lt;/b></h1>');
    expect(v.html).toContain('Body &lt;script>1&lt;/script>');
    expect(v.html).toContain('href="https://apps.apple.com/app/id1444383602?a=%221%22&amp;b=%3C2%3E"');
    expect(v.html).toContain('Terms &lt;apply>');
    for (const html of pages) {
      expect(html).not.toMatch(/<script(?! src="\/assets\/onboarding\.js" defer><\/script>)/);
      expect(html).not.toMatch(/<(b|i|u|small|apply|me|it)>|<img src=x|<a href="javascript/);
    }
  });

  it('the token is required: missing, wrong, another session’s or app’s is a 404 page, and nothing is recorded', async () => {
    const f = await startFunnel(t, 'sleepy');
    const other = await startFunnel(t, 'sleepy');
    const before = await count('flow_steps');
    for (const url of [
      `/onboarding/sleepy/s/${f.sessionId}`,
      `/onboarding/sleepy/s/${f.sessionId}?t=`,
      `/onboarding/sleepy/s/${f.sessionId}?t=${f.token.slice(0, -1)}${f.token.endsWith("x") ? "y" : "x"}`,
      `/onboarding/sleepy/s/${f.sessionId}?t=${other.token}`,
      `/onboarding/plain/s/${f.sessionId}?t=${f.token}`,
      `/onboarding/sleepy/s/nope?t=${f.token}`,
      `/onboarding/sleepy/s/${f.sessionId}?t=${f.token}&t=${f.token}`,
      `/embed/onboarding/sleepy/s/${f.sessionId}?t=${other.token}`,
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('This link has expired');
    }
    // a cancel session is not a funnel session
    const post = (body: string) => t.app.inject({ method: 'POST', url: f.action, headers: form, payload: body });
    expect((await post(`t=${other.token}&at=0&b=start`)).statusCode).toBe(404);
    expect((await post('at=0&b=start')).statusCode).toBe(404);
    expect(await count('flow_steps')).toBe(before);
    // screens the funnel does not have
    for (const q of ['&step=0', '&step=5', '&step=-1', '&step=abc', '&step=01']) expect((await get(`${f.path}${q}`)).statusCode, q).toBe(400);
    // the end screen without a completion behind it
    expect((await get(`${f.path}&step=done`)).statusCode).toBe(400);
  });

  it('required, skip, multi and single without autoAdvance: a missing answer comes back with a message; unknown answers are refused', async () => {
    const f = await startFunnel(t, 'strict');
    const v = visitor(f.path);
    await v.open();
    expect(v.html).toContain('Strict &lt;App>');
    await v.press('start');
    // required single without autoAdvance: radios (required), Continue, no Skip
    expect(v.html.match(/<input type="radio" name="o" value="(new|pro)" required/g)).toHaveLength(2);
    expect(v.html).not.toContain('value="skip"');
    const none = await v.press('next');
    expect(none.statusCode).toBe(422);
    expect(v.html).toContain('<p class="errors" role="alert" id="ob-error">Please pick an answer to continue.</p>');
    expect(v.html).toMatch(/<fieldset class="cx-fields" aria-describedby="ob-error">/);
    const before = await count('onboarding_submissions');
    for (const [b, fields] of [
      ['skip', {}],
      ['next', { o: 'nope' }],
      ['next', { o: ['new', 'pro'] }],
      ['pick:new', {}],
      ['elsewhere', {}],
    ] as [string, Record<string, string | string[]>][]) {
      const body = new URLSearchParams({ t: f.token, a: v.field('a')!, at: '1', b });
      for (const [k, x] of Object.entries(fields)) for (const one of [x].flat()) body.append(k, one);
      const r = await t.app.inject({ method: 'POST', url: f.action, headers: form, payload: body.toString() });
      expect(r.statusCode, b).toBe(400);
    }
    await v.press('next', { o: 'pro' });
    // optional single: no required attribute, Skip moves on without an answer
    expect(v.html).toMatch(/<input type="radio" name="o" value="calm"\/>/);
    await v.press('skip');
    expect(v.url).toContain('&step=3&');
    // required multi with a duplicated option id: kept apart as pen__3; nothing picked is refused
    expect(v.html).toContain('value="pen__3"');
    expect((await v.press('next')).statusCode).toBe(422);
    expect(v.html).toContain('Please pick at least one answer to continue.');
    await v.press('next', { o: ['pen__3', 'app'] });
    // Back keeps what was picked
    const back = /class="cx-back" href="([^"]*)"/.exec(v.html)![1].replaceAll('&amp;', '&');
    const earlier = visitor(back);
    await earlier.open();
    expect(earlier.html).toMatch(/value="app" checked/);
    expect(earlier.html).toMatch(/value="pen__3" checked/);
    expect(earlier.html).not.toMatch(/value="pen" checked/);
    // required email: empty and invalid are refused with a message, no Skip
    expect(v.html).not.toContain('value="skip"');
    expect(v.html).toMatch(/<input id="ob-email" type="email"[^>]* required/);
    expect((await v.press('next', { email: '  ' })).statusCode).toBe(422);
    expect(v.html).toContain('Please enter your email address.');
    expect((await v.press('next', { email: 'ann@' })).statusCode).toBe(422);
    expect(v.html).toContain('Please enter a valid email address');
    expect(v.html).toContain('value="ann@"');
    expect((await v.press('next', { email: `${'a'.repeat(250)}@x.io` })).statusCode).toBe(422);
    expect((await v.press('skip')).statusCode).toBe(400);
    expect(await count('onboarding_submissions')).toBe(before);
    await v.press('next', { email: 'bo@example.com' });
    // a web session without a scheme: the handoff; no store URL in this funnel, so no link to one
    expect(v.html).toContain('<h1>Thanks</h1>');
    // The token is never shown (#32); without a deep-link scheme there is no "Open" link and no no-JS note.
    expect(shownText(v.html)).not.toContain('amob_');
    expect(v.html).not.toContain('data-nojs');
    expect(v.html).not.toContain('data-deep-link');
    expect(v.html).toMatch(/<button type="button" class="cx-btn" data-copy="amob_[A-Za-z0-9]{32}" hidden data-js="true">Copy my code<\/button>/);
    expect(v.html).not.toContain('apps.apple.com');
    const [row] = await submissionOf(f.sessionId);
    expect(JSON.parse(row.answers_json)).toEqual({ level: 'pro', tools: ['app', 'pen__3'] });
    expect(row.email).toBe('bo@example.com');
  });

  it('a required answer missing at the end (a step reached by URL) sends the visitor back to that step with why', async () => {
    const f = await startFunnel(t, 'strict');
    const v = visitor(`${f.path}&step=4`);
    await v.open();
    const r = await v.press('next', { email: 'x@example.com' });
    expect(r.statusCode).toBe(422);
    expect(v.html).toContain('<h1>Your level?</h1>');
    expect(v.html).toContain('Please pick an answer to continue.');
    expect(v.field('at')).toBe('1');
    expect(await submissionOf(f.sessionId)).toEqual([]);
    // the state the page carried still holds the email: answering the rest completes
    await v.press('next', { o: 'new' });
    await v.press('skip');
    await v.press('next', { o: 'pen' });
    expect(v.field('email') ?? /id="ob-email"[^>]*value="([^"]*)"/.exec(v.html)?.[1]).toBe('x@example.com');
    await v.press('next', { email: 'x@example.com' });
    expect(JSON.parse((await submissionOf(f.sessionId))[0].answers_json)).toEqual({ level: 'new', tools: ['pen'] });
  });

  it('the scheme rule: a valid scheme= ends in the app; an invalid or dangerous one is ignored (the web handoff)', async () => {
    const walk = async (start: string) => {
      const v = visitor(start);
      await v.open();
      await v.press('start');
      await v.press('pick:wake_rested');
      await v.press('next');
      await v.press('skip');
      await v.press('skip');
      return v.html;
    };
    // the app has no deepLinkScheme: only scheme= can take the funnel into the app
    for (const bad of ['javascript', 'JavaScript', 'data', 'vbscript', 'file', 'about', 'blob', 'http', 'https', 'ms-word', 'intent', 'view-source', 'jar', 'chrome', 'mailto', 'a b', '1abc', '', 'x'.repeat(65), '%0Ajavascript']) {
      const f = await startFunnel(t, 'plain');
      const html = await walk(`${f.path}&scheme=${encodeURIComponent(bad)}`);
      expect(html, bad).toContain('<h1>Your plan is ready</h1>');
      expect(html, bad).not.toContain('retention-flow');
      expect(html, bad).not.toContain('http-equiv');
      if (bad.length > 3 && !bad.startsWith('http')) expect(html.toLowerCase(), bad).not.toContain(`${bad.toLowerCase()}:`);
      expect((await submissionOf(f.sessionId))[0].source, bad).toBe('web');
    }
    // schemes are case-insensitive: emitted lower-cased; + . - are kept (and encoded in the query)
    const f = await startFunnel(t, 'plain');
    const link = endLink(await walk(`${f.path}&scheme=${encodeURIComponent('Sleepy.App+x-1')}`));
    expect(link).toBe(`sleepy.app+x-1://retention-flow/action?type=onboarding_complete&session_id=${f.sessionId}&claim_token=${CLAIM.exec(link!)![0]}`);
    // an SDK session without scheme= uses the app's deepLinkScheme; a web session without one goes to the handoff
    const sdk = await startFunnel(t, 'sleepy');
    expect(endLink(await walk(sdk.path))).toMatch(new RegExp(`^sleepy://retention-flow/action\\?type=onboarding_complete&session_id=${sdk.sessionId}&claim_token=amob_`));
    const web = await get('/onboarding/sleepy');
    expect(web.statusCode).toBe(303);
    expect(await walk(String(web.headers.location))).toContain('data-copy="amob_');
    // scheme= on the funnel's own URL travels on to the session; a dangerous one is dropped. An app
    // without a scheme on file never follows it in a web session (#34: a link anyone can craft):
    // the end is the web handoff, and the claim token goes to no scheme.
    const withScheme = await get('/onboarding/plain?scheme=Plainapp');
    expect(String(withScheme.headers.location)).toMatch(/\?t=[A-Za-z0-9]+&scheme=plainapp$/);
    const webEnd = await walk(String(withScheme.headers.location));
    expect(endLink(webEnd)).toBeUndefined();
    expect(webEnd).not.toContain('plainapp:');
    expect(webEnd).toContain('data-copy="amob_');
    const dropped = await get('/onboarding/plain?scheme=javascript');
    expect(String(dropped.headers.location)).toMatch(/\?t=[A-Za-z0-9]+$/);
    // An app with a scheme on file: a crafted scheme= never receives the claim token. An SDK
    // session still ends in the app's own scheme; a web session ends on the web.
    const crafted = await startFunnel(t, 'sleepy');
    const craftedLink = endLink(await walk(`${crafted.path}&scheme=otherapp`));
    expect(craftedLink).toMatch(/^sleepy:\/\/retention-flow\/action\?type=onboarding_complete/);
    const webCrafted = await get('/onboarding/sleepy?scheme=otherapp');
    const webHtml = await walk(String(webCrafted.headers.location));
    expect(webHtml).not.toContain('otherapp:');
    expect(webHtml).toContain('data-copy="amob_');
    const own = await get('/onboarding/sleepy?scheme=SLEEPY');
    expect(endLink(await walk(String(own.headers.location)))).toMatch(/^sleepy:\/\/retention-flow\/action\?type=onboarding_complete/);
  });

  it('#34: scheme= for an app without a scheme on file never hands the claim token to smb, itms-services, steam or a made-up scheme', async () => {
    const walk = async (start: string) => {
      const v = visitor(start);
      await v.open();
      await v.press('start');
      await v.press('pick:wake_rested');
      await v.press('next');
      await v.press('skip');
      await v.press('skip');
      return v.html;
    };
    const tokenLinks = (html: string) => [...html.replaceAll('&amp;', '&').matchAll(/([a-z][a-z0-9+.-]*):\/\/retention-flow\/action\?[^"]*claim_token=amob_/gi)].map((m) => m[1]);
    for (const scheme of ['smb', 'itms-services', 'steam', 'vscode', 'microsoft-edge', 'ldap', 'ftp', 'madeupscheme']) {
      // a web link anyone can craft: the funnel ends on the web, whatever the scheme
      const web = await get(`/onboarding/plain?scheme=${scheme}`);
      expect(web.statusCode, scheme).toBe(303);
      const html = await walk(String(web.headers.location));
      expect(html, scheme).toContain('<h1>Your plan is ready</h1>');
      expect(tokenLinks(html), scheme).toEqual([]);
      expect(html, scheme).not.toContain(`${scheme}:`);
      // the SDK's own flowUrl: a refused scheme is ignored as well (made-up ones are what an SDK sends)
      if (scheme !== 'madeupscheme') {
        const f = await startFunnel(t, 'plain');
        const sdk = await walk(`${f.path}&scheme=${scheme}`);
        expect(tokenLinks(sdk), scheme).toEqual([]);
        expect(sdk, scheme).not.toContain(`${scheme}:`);
        expect((await submissionOf(f.sessionId))[0].source, scheme).toBe('web');
      }
    }
    // the app's own scheme still carries the token: on file (web and SDK sessions), or the SDK's for an app without one
    const own = await get('/onboarding/sleepy?scheme=sleepy');
    expect(tokenLinks(await walk(String(own.headers.location)))).toEqual(['sleepy', 'sleepy']);
    const sdkOwn = await startFunnel(t, 'sleepy');
    expect(tokenLinks(await walk(sdkOwn.path))).toEqual(['sleepy', 'sleepy']);
    const sdkPlain = await startFunnel(t, 'plain');
    expect(tokenLinks(await walk(`${sdkPlain.path}&scheme=plainapp`))).toEqual(['plainapp', 'plainapp']);
  });

  it('the web handoff: the token to copy, the store link the button copies it on, source web', async () => {
    const r = await get('/onboarding/sleepy', { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15' });
    expect(r.statusCode).toBe(303);
    const m = /^\/onboarding\/sleepy\/s\/([A-Za-z0-9]+)\?t=([A-Za-z0-9]+)$/.exec(String(r.headers.location))!;
    expect(m).not.toBeNull();
    const session = await t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', m[1]).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ source: 'web', platform: 'web', flow_type: 'onboarding', version_number: 1 });
    const v = visitor(String(r.headers.location));
    await v.open();
    await v.press('start');
    await v.press('pick:fall_asleep');
    await v.press('next');
    await v.press('next', { o: 'screens' });
    await v.press('next', { email: 'web@example.com' });
    const token = CLAIM.exec(v.html)![0];
    expect(v.html).not.toContain('http-equiv');
    expect(v.html).toContain('<h1>Your plan is ready</h1>');
    expect(v.html).toContain('<p class="cx-body">Open the app to start.</p>');
    expect(v.html).toContain(`<a class="cx-btn" href="https://apps.apple.com/app/id1444383602" data-copy="${token}" rel="noopener">Get the app</a>`);
    // Never the raw token on the page (#32): it travels in the copy button and in "Open Sleepy", the app's own deep link.
    expect(shownText(v.html)).not.toContain('amob_');
    expect(v.html).not.toContain('data-token');
    expect(v.html).toContain(`<a class="cx-btn secondary" href="sleepy://retention-flow/action?type=onboarding_complete&amp;session_id=${m[1]}&amp;claim_token=${token}" data-deep-link="true">Open Sleepy</a>`);
    expect(v.html).toContain('<p class="ob-code-help" data-nojs="true">Once Sleepy is installed, tap “Open Sleepy” on this page: it picks up your answers.</p>');
    expect(v.html).toContain('<script src="/assets/onboarding.js" defer></script>');
    const [row] = await submissionOf(m[1]);
    expect(row).toMatchObject({ source: 'web', email: 'web@example.com' });
    expect(JSON.parse(row.answers_json)).toEqual({ goal: 'fall_asleep', habits: ['screens'] });
    const js = await t.app.inject({ method: 'GET', url: '/assets/onboarding.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('navigator.clipboard.writeText');
  });

  it('steps are recorded once per session, however often a screen is reloaded; HEAD records nothing', async () => {
    const f = await startFunnel(t, 'sleepy');
    for (let i = 0; i < 3; i++) expect((await get(f.path)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await get(`${f.path}&step=1`);
    for (let i = 0; i < 2; i++) await get(`${f.path}&step=3`);
    expect(await steps(f.sessionId)).toEqual(['opened:', 'reached:goal', 'reached:habits']);
    const h = await startFunnel(t, 'sleepy');
    expect((await t.app.inject({ method: 'HEAD', url: h.path })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: `${h.path}&step=2` })).statusCode).toBe(200);
    expect(await steps(h.sessionId)).toEqual([]);
    // two sessions on one version share the rendered page, each with its own id, token and state
    const [a, b] = [await startFunnel(t, 'sleepy'), await startFunnel(t, 'sleepy')];
    const [pa, pb] = [(await get(a.path)).body, (await get(b.path)).body];
    expect(pa).toContain(a.token);
    expect(pa).not.toContain(b.token);
    const norm = (html: string, s: Funnel) => html.replaceAll(s.sessionId, 'ID').replaceAll(s.token, 'TOK').replace(/name="a" value="[^"]*"/, 'STATE');
    expect(norm(pa, a)).toBe(norm(pb, b));
  });

  it('the honeypot: a filled website field gets an end like any other, and nothing is stored', async () => {
    const f = await startFunnel(t, 'sleepy');
    const v = visitor(`${f.path}&step=4`);
    await v.open();
    const before = await count('onboarding_submissions');
    await v.press('next', { email: 'bot@example.com', website: 'http://spam.example' });
    const token = CLAIM.exec(v.html)![0];
    expect(await count('onboarding_submissions')).toBe(before);
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/claim', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: token }) });
    expect(claim.statusCode).toBe(404);
  });

  it('the embed: its pages may be framed, the hosted ones not; completions are source embed', async () => {
    const r = await get('/embed/onboarding/sleepy');
    expect(r.statusCode).toBe(303);
    expect(String(r.headers.location)).toMatch(/^\/embed\/onboarding\/sleepy\/s\/[A-Za-z0-9]+\?t=[A-Za-z0-9]+$/);
    const v = visitor(String(r.headers.location));
    const intro = await v.open();
    expect(intro.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(intro.headers['x-frame-options']).toBeUndefined();
    expect(v.html).toContain('class="cx theme-auto ob theme-gradient ob-embed"');
    expect(v.action()).toMatch(/^\/embed\/onboarding\/sleepy\/s\//);
    await v.press('start');
    expect(v.page.headers['content-security-policy']).toContain('frame-ancestors *');
    await v.press('pick:wake_rested');
    await v.press('next');
    await v.press('skip');
    await v.press('skip');
    expect(v.page.headers['content-security-policy']).toContain('frame-ancestors *');
    // the store is opened outside the frame
    expect(v.html).toMatch(/href="https:\/\/apps.apple.com\/app\/id1444383602" data-copy="amob_[A-Za-z0-9]{32}" rel="noopener" target="_top"/);
    const id = /\/s\/([A-Za-z0-9]+)/.exec(v.url)![1];
    expect((await submissionOf(id))[0].source).toBe('embed');
    // error pages of the embed are frameable too; the hosted page and its errors are not
    expect((await get('/embed/onboarding/nope')).headers['content-security-policy']).toContain('frame-ancestors *');
    for (const url of ['/onboarding/nope', (await startFunnel(t, 'sleepy')).path]) {
      const page = await get(url);
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('/onboarding/<app> starts a web session; unknown and unpublished are a 404 page; bots and HEAD start none', async () => {
    const before = await count('flow_sessions');
    expect((await get('/onboarding/sleepy')).statusCode).toBe(303);
    expect((await get('/onboarding/sleepy/onboarding')).statusCode).toBe(303); // the primary's own slug, accepted and ignored
    expect(await count('flow_sessions')).toBe(before + 2);
    const draftOnly = (await t.createApp({ name: 'Draft only' })).slug;
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${draftOnly}/flows/onboarding`, headers: { ...t.auth, ...json }, payload: JSON.stringify(goodOnboarding()) });
    for (const url of ['/onboarding/nope', `/onboarding/${draftOnly}`, '/onboarding/sleepy/Bad_Slug', '/embed/onboarding/nope']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('Not available');
    }
    const counted = await count('flow_sessions');
    const bot = await get('/onboarding/sleepy', { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    expect(bot.statusCode).toBe(200);
    expect(bot.body).toContain('Sleep better in 2 weeks');
    expect((await t.app.inject({ method: 'HEAD', url: '/onboarding/sleepy' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/embed/onboarding/sleepy' })).statusCode).toBe(200);
    expect(await count('flow_sessions')).toBe(counted);
  });

  it('the session pins its version: a publish mid-funnel changes nothing for it; its completion answers the pinned steps', async () => {
    await t.createApp({ name: 'Pinned', slug: 'pinned', deepLinkScheme: 'pinned' });
    await putAndPublish(t, 'pinned', 'onboarding', goodOnboarding());
    const v1 = await startFunnel(t, 'pinned');
    const v = visitor(`${v1.path}&scheme=pinned`);
    await v.open();
    await v.press('start');
    await v.press('pick:wake_rested');
    const next = goodOnboarding();
    await putAndPublish(t, 'pinned', 'onboarding', {
      ...next,
      intro: { ...next.intro, title: 'Version two' },
      steps: [{ kind: 'question', id: 'other', prompt: 'Other?', options: [{ id: 'x', label: 'X' }, { id: 'y', label: 'Y' }] }],
    });
    const v2 = await startFunnel(t, 'pinned');
    expect((await get(v2.path)).body).toContain('Version two');
    expect((await get(v1.path)).body).not.toContain('Version two');
    await v.press('next');
    expect(v.html).toContain('Which habits do you have?');
    await v.press('next', { o: 'naps' });
    await v.press('next', { email: 'pin@example.com' });
    expect(endLink(v.html)).toMatch(/^pinned:\/\/retention-flow\/action\?type=onboarding_complete/);
    const [row] = await submissionOf(v1.sessionId);
    expect(row.version_number).toBe(1);
    expect(JSON.parse(row.answers_json)).toEqual({ goal: 'wake_rested', habits: ['naps'] });
  });

  it('owners preview the draft: a Preview banner, the draft’s screens, the end shown not done; nothing recorded or stored', async () => {
    await t.createApp({ name: 'Preview', slug: 'previewed', deepLinkScheme: 'previewed' });
    await putAndPublish(t, 'previewed', 'onboarding', goodOnboarding());
    const draft = goodOnboarding();
    await t.app.inject({ method: 'PUT', url: '/api/v1/apps/previewed/flows/onboarding', headers: { ...t.auth, ...json }, payload: JSON.stringify({ ...draft, intro: { ...draft.intro, title: 'Draft intro' } }) });
    const issued = await t.app.inject({ method: 'POST', url: '/api/v1/apps/previewed/flows/onboarding/preview-token', headers: t.auth });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token, url, expiresAt } = issued.json();
    expect(url).toBe(`http://web.test/onboarding/previewed?p=${encodeURIComponent(token)}`);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const counts = async () => [await count('flow_sessions'), await count('flow_steps'), await count('onboarding_submissions')];
    const before = await counts();

    const p = `/onboarding/previewed?p=${encodeURIComponent(token)}`;
    const v = visitor(p);
    await v.open();
    expect(v.page.statusCode).toBe(200);
    expect(v.html).toContain('Draft intro');
    expect(v.html).toContain('<strong>Preview</strong>');
    expect(v.action()).toBe('/onboarding/previewed');
    expect(v.field('p')).toBe(token);
    const start = await v.press('start');
    expect(String(start.headers.location)).toMatch(new RegExp(`^${esc(p)}&step=1&a=[A-Za-z0-9_-]+$`));
    expect(v.html).toContain('<strong>Preview</strong>');
    await v.press('pick:fall_asleep');
    await v.press('next');
    expect((await v.press('next')).statusCode).toBe(303); // optional multi, nothing picked
    await v.press('next', { email: 'owner@example.com' });
    expect(v.url).toContain('&step=done&');
    expect(v.html).not.toContain('http-equiv');
    expect(/<code class="cx-deeplink" data-would-open="true">([^<]*)<\/code>/.exec(v.html)![1].replaceAll('&amp;', '&')).toBe(
      'previewed://retention-flow/action?type=onboarding_complete&session_id=SESSION_ID&claim_token=amob_CLAIM_TOKEN',
    );
    expect(v.html).toContain('&quot;goal&quot;: &quot;fall_asleep&quot;');
    expect(v.html).toContain('&quot;email&quot;: &quot;owner@example.com&quot;');
    expect(v.html).toContain('<h1>Your plan is ready</h1>'); // the web handoff, below
    expect(await counts()).toEqual(before);

    // the embed previews too; wrong, tampered, another app's or a cancel token: 404
    expect((await get(`/embed/onboarding/previewed?p=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const cancelToken = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/flows/onboarding/preview-token', headers: t.auth })).json().token;
    for (const bad of ['nope', `${token}x`, cancelToken]) {
      const r = await get(`/onboarding/previewed?p=${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(404);
      expect(r.body).toContain('Preview not available');
    }
    expect((await t.app.inject({ method: 'POST', url: '/onboarding/previewed', headers: form, payload: 'at=0&b=start' })).statusCode).toBe(404);
    const none = await t.createApp({ name: 'No Funnel' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${none.slug}/flows/onboarding/preview-token`, headers: t.auth })).statusCode).toBe(404);
    // MCP: create_onboarding_preview_token
    const client = await connectMcp(t);
    try {
      const r = toolJson(await client.callTool({ name: 'create_onboarding_preview_token', arguments: { appIdOrSlug: 'previewed', expiresInHours: 2 } }));
      expect(r.url).toMatch(/^http:\/\/web\.test\/onboarding\/previewed\?p=/);
    } finally {
      await client.close();
    }
    expect(await counts()).toEqual(before);
  });
});

const enc = encodeURIComponent;
const HOSTILE = ['%00', 'a%00b', '%ED%A0%80', '%', '%zz', 'x'.repeat(600), '..', '%2F', enc('😀'), enc('\u202E'), '%20', '-1', enc("' OR 1=1 --"), '%FF', '__proto__', 'constructor', '%3Cscript%3E', '99', 'done'];

describeEachDb('onboarding hosted funnel, hostile input', (dialect) => {
  let t: TestApp;
  let f: Funnel;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Hostile', slug: 'hostile', deepLinkScheme: 'hostile' });
    await putAndPublish(t, 'hostile', 'onboarding', goodOnboarding());
    f = await startFunnel(t, 'hostile');
  });
  afterAll(() => t.close());

  it('never answers 5xx, and the session still works afterwards', async () => {
    const bad: string[] = [];
    const send = async (method: 'GET' | 'POST', url: string, payload?: string, type = 'application/x-www-form-urlencoded') => {
      const r = await t.app.inject({ method, url, headers: { accept: 'text/html', 'user-agent': BROWSER, ...(payload !== undefined ? { 'content-type': type } : {}) }, payload });
      if (r.statusCode >= 500) bad.push(`${method} ${url} ${payload ?? ''} -> ${r.statusCode} ${r.body.slice(0, 200)}`);
    };
    for (const v of HOSTILE) {
      for (const prefix of ['/onboarding', '/embed/onboarding']) {
        for (const url of [`${prefix}/${v}`, `${prefix}/hostile/${v}`, `${prefix}/${v}/s/${f.sessionId}?t=${f.token}`, `${prefix}/hostile/s/${v}?t=${f.token}`]) await send('GET', url);
      }
      for (const q of ['t', 'step', 'a', 'scheme', 'p']) await send('GET', `${f.action}?t=${q === 't' ? v : f.token}&${q}=${v}`);
      await send('GET', `/onboarding/hostile?p=${v}&step=${v}&a=${v}`);
      for (const field of ['t', 'a', 'at', 'b', 'o', 'email', 'website', 'p']) {
        await send('POST', f.action, `t=${field === 't' ? v : f.token}&at=3&b=next&${field}=${v}`);
        await send('POST', '/onboarding/hostile', `p=${v}&at=1&b=next&${field}=${v}`);
      }
      await send('POST', f.action, `t=${f.token}&at=1&b=pick:${v}`);
    }
    for (const body of ['{"t":{"$ne":""},"b":"start","at":"0"}', `{"t":"${f.token}","b":["start"],"at":"0"}`, `{"t":"${f.token}","at":"3","b":"next","o":[{"x":1}]}`, '[1,2]', '"x"', 'null', `{"t":"${f.token}","at":"4","b":"next","email":{"a":"b"}}`]) {
      await send('POST', f.action, body, 'application/json');
    }
    expect(bad).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: f.path, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
  });
});

describeEachDb('onboarding hosted funnel rate limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1' } });
    await t.createApp({ name: 'Limited', slug: 'limited' });
    await putAndPublish(t, 'limited', 'onboarding', goodOnboarding());
  });
  afterAll(() => t.close());

  it('page posts share onboarding.step (12x PUBLIC_RATE_LIMIT), views onboarding.view, and get a page when over; web sessions share onboarding.session with the API', async () => {
    const f = await startFunnel(t, 'limited');
    const post = () => t.app.inject({ method: 'POST', url: f.action, headers: form, payload: `t=${f.token}&at=0&b=start` });
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) codes.push((await post()).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 303)).toBe(true);
    expect(codes[12]).toBe(429);
    const over = await post();
    expect(over.headers['content-type']).toMatch(/^text\/html/);
    expect(over.body).toContain('Too many requests');
    // the embed's posts spend the same budget
    expect((await t.app.inject({ method: 'POST', url: `/embed${f.action}`, headers: form, payload: `t=${f.token}&at=0&b=start` })).statusCode).toBe(429);
    const views: number[] = [];
    for (let i = 0; i < 13; i++) views.push((await t.app.inject({ method: 'GET', url: f.path, headers: { 'user-agent': BROWSER } })).statusCode);
    expect(views.slice(0, 12).every((c) => c === 200)).toBe(true);
    expect(views[12]).toBe(429);
    // sessions: 3 per minute, one spent by the API above
    const web: number[] = [];
    for (let i = 0; i < 3; i++) web.push((await t.app.inject({ method: 'GET', url: '/onboarding/limited', headers: { 'user-agent': BROWSER } })).statusCode);
    expect(web).toEqual([303, 303, 429]);
  });
});
