/**
 * The Docker image (#23 item 5), built from this checkout's Dockerfile and run as docs/deploy.md
 * says: healthy by its own HEALTHCHECK (which asks /readyz), not root, node as PID 1, a token made
 * with `appflows token create` inside the container works, an app, a published waitlist and a
 * signup go through, `docker stop` ends it cleanly and fast (SIGTERM reaches node), and the data
 * survives a new container on the same volume.
 *
 * Needs a Docker daemon and the base image node:24-bookworm-slim (pulled, or made without Docker
 * Hub by deploy/offline-base-image.sh, as .ci/run does). Without a daemon the suite is skipped with
 * one loud line, unless REQUIRE_DOCKER is set (CI), where that fails.
 *
 * The containers use the host's network (`--network=host`): the machines this runs on have no
 * bridge network, and it spares the test a port mapping. Each container gets a free port.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../process-helpers.js';
import { ok as okCmd, run as runCmd } from './exec.js';

const IMAGE = 'appflows-test:image-suite';
const docker = (args: string[], timeoutMs?: number) => runCmd('docker', args, timeoutMs);
const ok = (args: string[], timeoutMs?: number) => okCmd('docker', args, timeoutMs);

const daemon = docker(['info', '--format', '{{.ServerVersion}}'], 20_000).status === 0;
if (!daemon && process.env.REQUIRE_DOCKER) throw new Error('REQUIRE_DOCKER is set but no Docker daemon answers (`docker info`)');
if (!daemon) console.warn('\n*** Docker image suite SKIPPED: no Docker daemon answers (`docker info`). .ci/run installs and starts one. ***\n');

const run = randomBytes(4).toString('hex');
const volume = `appflows-test-${run}`;
const containers: string[] = [];

/** Waits for the image's HEALTHCHECK to call the container healthy; false if it died of a taken port. */
async function healthy(name: string) {
  const deadline = Date.now() + 60_000;
  let status = '';
  while (Date.now() < deadline) {
    status = ok(['inspect', '-f', '{{.State.Health.Status}}', name]);
    if (status === 'healthy') return true;
    if (status === 'unhealthy' || ok(['inspect', '-f', '{{.State.Running}}', name]) !== 'true') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const logs = docker(['logs', name]);
  if (/EADDRINUSE/.test(logs.stdout + logs.stderr)) return false;
  throw new Error(`${name} is ${status}: ${logs.stderr || logs.stdout}`);
}
/**
 * Starts a container of the image, with the suite's volume at /data, and waits until it is healthy.
 * On the host's network the free port found here can be taken by another test's connection before
 * the server listens: then once more on another port. `healthArgs` may shorten the check's interval
 * (the check itself stays the image's).
 */
async function startHealthy(name: string, healthArgs: string[] = []) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const container = `${name}-${attempt}`;
    containers.push(container);
    ok(['run', '-d', '--name', container, '--network=host', ...healthArgs, '-e', `PORT=${port}`, '-e', 'HOST=127.0.0.1', '-e', 'LOG_LEVEL=warn', '-v', `${volume}:/data`, IMAGE]);
    if (await healthy(container)) return { container, url: `http://127.0.0.1:${port}` };
    if (attempt === 2) throw new Error(`${container}: the port was taken twice`);
  }
}

describe.runIf(daemon)('Docker image', () => {
  let url: string;
  let first: string;
  let token: string;
  const api = async (method: string, path: string, body?: unknown, auth = true) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: await r.json() };
  };

  beforeAll(async () => {
    // Without the base image the build would try Docker Hub, which these machines cannot reach.
    if (docker(['image', 'inspect', 'node:24-bookworm-slim']).status !== 0) {
      throw new Error('no base image node:24-bookworm-slim: pull it, or make it with deploy/offline-base-image.sh (docs/deploy.md)');
    }
    // The build answers from its layer cache when .ci/run built the same context before.
    ok(['build', '--network=host', '-t', IMAGE, '.'], 600_000);
    ok(['volume', 'create', volume]);
    ({ container: first, url } = await startHealthy(`appflows-test-${run}-a`));
  }, 720_000);

  afterAll(() => {
    for (const c of containers) docker(['rm', '-f', c]);
    docker(['volume', 'rm', '-f', volume]);
  });

  it('runs as uid 1000 with node as PID 1, and /readyz answers', async () => {
    expect(ok(['exec', first, 'id', '-u'])).toBe('1000');
    expect(ok(['exec', first, 'sh', '-c', 'tr "\\0" " " < /proc/1/cmdline'])).toMatch(/^node /);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true });
  });

  it('takes a token made inside the container, an app, a published waitlist and a signup', async () => {
    token = ok(['exec', first, '/app/bin/appflows', 'token', 'create', '--name', 'image-suite']).split('\n').pop()!.trim();
    expect(token).toMatch(/^afk_/);
    expect((await api('POST', '/api/v1/apps', { name: 'Image', slug: `image-${run}` })).status).toBe(201);
    const waitlist = { intro: { title: 'Soon', subtitle: 's', submitLabel: 'Join', emailPlaceholder: 'you@example.com' }, success: { title: 'Thanks', body: 'b' } };
    expect((await api('PUT', `/api/v1/apps/image-${run}/flows/waitlist`, waitlist)).status).toBe(200);
    expect((await api('POST', `/api/v1/apps/image-${run}/flows/waitlist/publish`)).status).toBe(200);
    const signup = await api('POST', '/api/public/waitlist', { appSlug: `image-${run}`, email: 'first@example.com' }, false);
    expect(signup.status).toBe(201);
  });

  it('stops cleanly on SIGTERM, and a new container on the same volume has the data', async () => {
    const started = performance.now();
    ok(['stop', '-t', '10', first], 30_000);
    // Well under docker's 10 s grace means node itself got SIGTERM and shut down (no SIGKILL).
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(ok(['inspect', '-f', '{{.State.ExitCode}}', first])).toBe('0');

    // The image's own check timing was proven on the first container; this one checks every 2 s.
    ({ url } = await startHealthy(`appflows-test-${run}-b`, ['--health-interval=2s']));
    const signups = await api('GET', `/api/v1/apps/image-${run}/waitlist/signups`);
    expect(signups.status).toBe(200);
    expect(signups.body.signups.map((s: { email: string }) => s.email)).toEqual(['first@example.com']);
  });
});
