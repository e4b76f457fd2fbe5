/**
 * The scale-out stack of deploy/compose.yaml (#23 item 5), run with Docker Compose as docs/deploy.md
 * says: two Appflows nodes built from this checkout, PostgreSQL, Redis and Caddy, which serves the
 * four hosts over TLS. Caddy's own local CA signs the `*.localhost` hosts used here (no ACME), and
 * the client checks every certificate against it. What a self-hoster would try first: the hosts
 * answer, a token made inside a node works, an app, a published waitlist, a signup on the signup
 * host and a redirect on the short-link host go through, both nodes take requests, and a node killed
 * with SIGKILL costs no redirect (Caddy tries the other node), at most a POST that was on its way to
 * it (a 502 the client sends again), and no acknowledged signup.
 *
 * The compose file is used unchanged but for one override: the nodes run the image the Docker image
 * suite builds (`up --no-build`), since the build inside compose would need a bridge network with
 * outbound access that the CI machines do not have. Needs a Docker daemon, Docker Compose (v1
 * `docker-compose` or the v2 plugin), the images postgres:17, redis:7 and caddy:2 (pulled, or made
 * by deploy/offline-service-images.sh as .ci/run does), and the host's ports 80 and 443. Skipped
 * with one loud line without a daemon or Compose, unless REQUIRE_DOCKER is set (CI).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run } from './exec.js';

const IMAGE = 'appflows-test:image-suite';

const daemon = run('docker', ['info', '--format', '{{.ServerVersion}}'], 20_000).status === 0;
// Compose v2 is a docker plugin; Debian's docker.io comes with the v1 command instead.
const composeCmd: string[] | undefined = [['docker', 'compose'], ['docker-compose']].find(([c, ...a]) => run(c, [...a, 'version'], 20_000).status === 0);
if ((!daemon || !composeCmd) && process.env.REQUIRE_DOCKER) throw new Error(`REQUIRE_DOCKER is set but ${daemon ? 'neither `docker compose` nor `docker-compose` runs' : 'no Docker daemon answers'}`);
if (!daemon || !composeCmd) console.warn(`\n*** Compose stack suite SKIPPED: ${daemon ? 'no Docker Compose' : 'no Docker daemon'}. .ci/run installs both. ***\n`);

const id = randomBytes(4).toString('hex');
const project = `aftest${id}`;
let dir = '';
const HOSTS = { API_HOST: 'api.localhost', WEB_HOST: 'web.localhost', SIGNUP_HOST: 'signup.localhost', SHORT_HOST: 'go.localhost' };
const METRICS_TOKEN = randomBytes(16).toString('hex');
const composeArgs = (args: string[]) => [...composeCmd!.slice(1), '-p', project, '-f', 'deploy/compose.yaml', '-f', join(dir, 'override.yaml'), '--env-file', join(dir, '.env'), ...args];
const compose = (args: string[], timeoutMs = 120_000) => ok(composeCmd![0], composeArgs(args), timeoutMs);
const containerOf = (service: string) => compose(['ps', '-q', service]);

/** One HTTPS request to Caddy on 127.0.0.1:443 for `host`, verified against Caddy's local CA. */
let ca = '';
function https(host: string, method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
  return new Promise<{ status: number; location?: string; json: () => any; text: string }>((done, fail) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      {
        host: '127.0.0.1',
        port: 443,
        servername: host,
        ca,
        agent: false,
        method,
        path,
        timeout: 15_000,
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => (text += c));
        res.on('end', () => done({ status: res.statusCode!, location: res.headers.location, text, json: () => JSON.parse(text) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} https://${host}${path} timed out`)));
    req.on('error', fail);
    req.end(body);
  });
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not within ${seconds} s${last ? ` (${String(last)})` : ''}`);
}
const healthy = (service: string) =>
  until(`${service} healthy`, 90, () => (ok('docker', ['inspect', '-f', '{{.State.Health.Status}}', containerOf(service)]) === 'healthy' ? true : undefined));

/** A node's count of short-link redirects, read inside its container from /metrics. */
function redirectsServedBy(service: string): number {
  const script = `fetch('http://127.0.0.1:3000/metrics',{headers:{authorization:'Bearer ${METRICS_TOKEN}'}}).then(r=>r.text()).then(t=>console.log((t.match(/^appflows_fast_path_requests_total (\\d+)/m)||[])[1]||0))`;
  return Number(compose(['exec', '-T', service, 'node', '-e', script]));
}

describe.runIf(daemon && composeCmd)('Compose scale-out stack', () => {
  let token: string;
  const slug = `stack-${id}`;

  beforeAll(async () => {
    // A run killed before its afterAll (a CI abort) leaves its stack holding ports 80 and 443.
    const leftovers = run('docker', ['ps', '-aq', '--filter', 'label=com.docker.compose.project']).stdout.split('\n').filter(Boolean);
    for (const c of leftovers) {
      const name = ok('docker', ['inspect', '-f', '{{index .Config.Labels "com.docker.compose.project"}}', c]);
      if (/^aftest[0-9a-f]{8}$/.test(name)) run('docker', ['rm', '-f', '-v', c]);
    }
    dir = mkdtempSync(join(tmpdir(), 'appflows-compose-'));
    for (const image of ['postgres:17', 'redis:7', 'caddy:2']) {
      if (run('docker', ['image', 'inspect', image]).status !== 0) throw new Error(`no image ${image}: pull it, or make a stand-in with deploy/offline-service-images.sh (docs/deploy.md)`);
    }
    // The image suite builds the same tag from the same context: this answers from the layer cache.
    ok('docker', ['build', '--network=host', '-t', IMAGE, '.'], 600_000);
    writeFileSync(
      join(dir, '.env'),
      Object.entries({ ...HOSTS, APPFLOWS_SECRET: randomBytes(24).toString('hex'), POSTGRES_PASSWORD: randomBytes(12).toString('hex'), METRICS_TOKEN })
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    // The suite's own client sends ~20 signups a minute from one address: above the default
    // per-address limit of 20, which would answer 429 to a test that is not about rate limits.
    const node = `{ image: ${IMAGE}, environment: { PUBLIC_RATE_LIMIT: "200" } }`;
    writeFileSync(join(dir, 'override.yaml'), `services:\n  app1: ${node}\n  app2: ${node}\n`);
    compose(['up', '-d', '--no-build'], 300_000);
    await healthy('app1');
    await healthy('app2');
    // Caddy makes its local CA on start; its root signs every *.localhost certificate.
    ca = await until('Caddy local CA', 60, () => run('docker', ['exec', containerOf('caddy'), 'cat', '/data/caddy/pki/authorities/local/root.crt']).stdout || undefined);
    await until('API host through Caddy', 60, async () => ((await https(HOSTS.API_HOST, 'GET', '/readyz')).status === 200 ? true : undefined));
  }, 900_000);

  afterAll(() => {
    if (!dir) return;
    run(composeCmd![0], composeArgs(['down', '-v', '--remove-orphans']), 180_000);
    rmSync(dir, { recursive: true, force: true });
  }, 200_000);

  it('serves every host over TLS, checks PostgreSQL for readiness, and sends plain HTTP to HTTPS', async () => {
    // The signup host answers waitlists only (kernel/signup-host.ts), so its probe is a 404 page.
    for (const host of Object.values(HOSTS)) expect((await https(host, 'GET', '/healthz')).status, host).toBe(host === HOSTS.SIGNUP_HOST ? 404 : 200);
    const ready = await https(HOSTS.API_HOST, 'GET', '/readyz');
    expect(ready.json()).toMatchObject({ ok: true, database: 'postgres' });
    const plain = await new Promise<IncomingMessage>((done, fail) => httpGet({ host: '127.0.0.1', port: 80, path: '/readyz', headers: { host: HOSTS.API_HOST } }, done).on('error', fail));
    plain.resume();
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toBe(`https://${HOSTS.API_HOST}/readyz`);
  });

  it('takes a token made inside a node; a waitlist signs up on the signup host, a short link redirects on its host, and both nodes answer', async () => {
    token = compose(['exec', '-T', 'app1', '/app/bin/appflows', 'token', 'create', '--name', 'compose-suite']).match(/afk_\S+/)![0];
    const api = (method: string, path: string, body?: unknown) => https(HOSTS.API_HOST, method, path, { body, token });
    expect((await api('POST', '/api/v1/apps', { name: 'Stack', slug })).status).toBe(201);
    const waitlist = { intro: { title: 'Soon', subtitle: 's', submitLabel: 'Join', emailPlaceholder: 'you@example.com' }, success: { title: 'Thanks', body: 'b' } };
    expect((await api('PUT', `/api/v1/apps/${slug}/flows/waitlist`, waitlist)).status).toBe(200);
    expect((await api('POST', `/api/v1/apps/${slug}/flows/waitlist/publish`)).status).toBe(200);
    expect((await api('POST', `/api/v1/apps/${slug}/links`, { url: 'https://example.com/landing', code: 'stack' })).status).toBe(201);

    // The signup host answers waitlist pages and their signups, nothing of the owner API.
    expect((await https(HOSTS.SIGNUP_HOST, 'GET', `/${slug}`)).status).toBe(200);
    expect((await https(HOSTS.SIGNUP_HOST, 'POST', '/api/public/waitlist', { body: { appSlug: slug, email: 'first@example.com' } })).status).toBe(201);
    expect((await https(HOSTS.SIGNUP_HOST, 'GET', '/api/v1/apps', { token })).status).toBe(404);

    const before = [redirectsServedBy('app1'), redirectsServedBy('app2')];
    for (let i = 0; i < 20; i++) {
      const r = await https(HOSTS.SHORT_HOST, 'GET', '/stack');
      expect(r.status).toBe(302);
      expect(r.location).toBe('https://example.com/landing');
    }
    // Round robin: each node redirected its share. (A node's first redirect of a code, before its
    // cache holds the link, goes through Fastify and is not a fast-path count; hence not 10 each.)
    expect(redirectsServedBy('app1') - before[0]).toBeGreaterThanOrEqual(5);
    expect(redirectsServedBy('app2') - before[1]).toBeGreaterThanOrEqual(5);
  });

  it('a node killed with SIGKILL: redirects never fail, a signup fails at most on a connection that died with it, and every acknowledged signup is stored', async () => {
    compose(['kill', '-s', 'SIGKILL', 'app1']);
    const acknowledged = ['first@example.com'];
    const signUp = (email: string) => https(HOSTS.SIGNUP_HOST, 'POST', '/api/public/waitlist', { body: { appSlug: slug, email } });
    let failedPosts = 0;
    for (let i = 0; i < 15; i++) {
      const email = `after-kill-${i}@example.com`;
      let signup = await signUp(email);
      // Caddy tries the other node for a request that never reached the dead one, but it does not
      // send a POST again once it went out on a kept-alive connection that died with the node: that
      // one answers 502, and the client sends it again (a signup is idempotent by email).
      if (signup.status === 502) {
        failedPosts++;
        signup = await signUp(email);
      }
      expect(signup.status, signup.text).toBe(201);
      acknowledged.push(email);
      // A GET that cannot reach the dead node goes to the other one (Caddy), and one that went out on
      // a kept-alive connection that died is sent again by Go's HTTP client inside Caddy (GET is idempotent).
      expect((await https(HOSTS.SHORT_HOST, 'GET', '/stack')).status).toBe(302);
    }
    expect(failedPosts).toBeLessThanOrEqual(2);
    compose(['start', 'app1']);
    await healthy('app1');
    const stored = await https(HOSTS.API_HOST, 'GET', `/api/v1/apps/${slug}/waitlist/signups?limit=200`, { token });
    expect(stored.status).toBe(200);
    expect(stored.json().signups.map((s: { email: string }) => s.email).sort()).toEqual([...acknowledged].sort());
  });
});
