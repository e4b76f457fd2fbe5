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
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../process-helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const IMAGE = 'appflows-test:image-suite';

function docker(args: string[], timeoutMs = 60_000) {
  const r = spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, stdout: (r.stdout ?? '').trim(), stderr: (r.stderr ?? '').trim() + (r.error ? String(r.error) : '') };
}
function ok(args: string[], timeoutMs?: number) {
  const r = docker(args, timeoutMs);
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

const daemon = docker(['info', '--format', '{{.ServerVersion}}'], 20_000).status === 0;
if (!daemon && process.env.REQUIRE_DOCKER) throw new Error('REQUIRE_DOCKER is set but no Docker daemon answers (`docker info`)');
if (!daemon) console.warn('\n*** Docker image suite SKIPPED: no Docker daemon answers (`docker info`). .ci/run installs and starts one. ***\n');

const run = randomBytes(4).toString('hex');
const volume = `appflows-test-${run}`;
const containers: string[] = [];

/** Starts a container of the image on `port`, with the suite's volume at /data. */
function start(name: string, port: number) {
  containers.push(name);
  ok(['run', '-d', '--name', name, '--network=host', '-e', `PORT=${port}`, '-e', 'HOST=127.0.0.1', '-e', 'LOG_LEVEL=warn', '-v', `${volume}:/data`, IMAGE]);
  return `http://127.0.0.1:${port}`;
}
/** Waits for the image's own HEALTHCHECK to call the container healthy. */
async function healthy(name: string) {
  const deadline = Date.now() + 60_000;
  let status = '';
  while (Date.now() < deadline) {
    status = ok(['inspect', '-f', '{{.State.Health.Status}}', name]);
    if (status === 'healthy') return;
    if (status === 'unhealthy' || ok(['inspect', '-f', '{{.State.Running}}', name]) !== 'true') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} is ${status}: ${docker(['logs', name]).stderr}`);
}

describe.runIf(daemon)('Docker image', () => {
  let url: string;
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
    // The build answers from its layer cache when .ci/run built the same context before.
    ok(['build', '--network=host', '-t', IMAGE, '.'], 600_000);
    ok(['volume', 'create', volume]);
    url = start(`appflows-test-${run}-a`, await freePort());
    await healthy(`appflows-test-${run}-a`);
  }, 660_000);

  afterAll(() => {
    for (const c of containers) docker(['rm', '-f', c]);
    docker(['volume', 'rm', '-f', volume]);
  });

  it('runs as uid 1000 with node as PID 1, and /readyz answers', async () => {
    const name = `appflows-test-${run}-a`;
    expect(ok(['exec', name, 'id', '-u'])).toBe('1000');
    expect(ok(['exec', name, 'sh', '-c', 'tr "\\0" " " < /proc/1/cmdline'])).toMatch(/^node /);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true });
  });

  it('takes a token made inside the container, an app, a published waitlist and a signup', async () => {
    token = ok(['exec', `appflows-test-${run}-a`, '/app/bin/appflows', 'token', 'create', '--name', 'image-suite']).split('\n').pop()!.trim();
    expect(token).toMatch(/^afk_/);
    expect((await api('POST', '/api/v1/apps', { name: 'Image', slug: `image-${run}` })).status).toBe(201);
    const waitlist = { intro: { title: 'Soon', subtitle: 's', submitLabel: 'Join', emailPlaceholder: 'you@example.com' }, success: { title: 'Thanks', body: 'b' } };
    expect((await api('PUT', `/api/v1/apps/image-${run}/flows/waitlist`, waitlist)).status).toBe(200);
    expect((await api('POST', `/api/v1/apps/image-${run}/flows/waitlist/publish`)).status).toBe(200);
    const signup = await api('POST', '/api/public/waitlist', { appSlug: `image-${run}`, email: 'first@example.com' }, false);
    expect(signup.status).toBe(201);
  });

  it('stops cleanly on SIGTERM, and a new container on the same volume has the data', async () => {
    const name = `appflows-test-${run}-a`;
    const started = performance.now();
    ok(['stop', '-t', '10', name], 30_000);
    // Under 10 s means node itself got SIGTERM and shut down, not docker's SIGKILL after the timeout.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(ok(['inspect', '-f', '{{.State.ExitCode}}', name])).toBe('0');

    url = start(`appflows-test-${run}-b`, await freePort());
    await healthy(`appflows-test-${run}-b`);
    const signups = await api('GET', `/api/v1/apps/image-${run}/waitlist/signups`);
    expect(signups.status).toBe(200);
    expect(signups.body.signups.map((s: { email: string }) => s.email)).toEqual(['first@example.com']);
  });
});
