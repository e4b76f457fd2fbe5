/**
 * The hotpaths bench's server (bench/hotpaths.bench.ts): `bin/appflows serve` on SQLite (a temp dir)
 * or PostgreSQL (a schema of its own), with everything the five hot paths need published, and
 * what it stored once stopped.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { goodCancel } from '../test/flows/cancel.fixtures.js';
import { cli, processEnv, startServer } from '../test/process-helpers.js';

export type Dialect = 'sqlite' | 'postgres';
export const LINK_CODE = 'bench1';
export const DEST = 'https://example.com/landing?utm_source=short';
export const APP = 'bench';

/** PostgreSQL for the bench: BENCH_DATABASE_URL, else the tests' TEST_DATABASE_URL. */
export const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** `NAME=value NAME2=value2` as an object (server settings given on the command line). */
export function settingsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`"${pair}" is not NAME=value`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

export async function startOurs(dialect: Dialect, extra: Record<string, string> = {}, bin?: string) {
  const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn', ...extra });
  // Profiling the server under load (`--cpu-prof --cpu-prof-dir=…`): options for its process only.
  if (process.env.HOTPATHS_NODE_OPTIONS) env.NODE_OPTIONS = process.env.HOTPATHS_NODE_OPTIONS;
  if (dialect === 'postgres') {
    if (!PG_URL) throw new Error('PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    env.DATABASE_URL = PG_URL;
    env.DATABASE_SCHEMA = `hotpaths_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  }
  // Settings of the server only, for paired runs (`HOTPATHS_SERVER_ENV='DATABASE_POOL_SIZE=20'`; a
  // DATABASE_URL given here replaces the bench's, e.g. PostgreSQL over its Unix socket).
  Object.assign(env, settingsOf(process.env.HOTPATHS_SERVER_ENV ?? ''), extra);
  const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
  const server = await startServer(env, undefined, bin);
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  await api('POST', '/apps', { name: 'Bench', slug: APP, deepLinkScheme: 'bench' });
  await api('POST', `/apps/${APP}/links`, { url: DEST, code: LINK_CODE });
  await api('PUT', `/apps/${APP}/flows/waitlist`, { intro: { title: 'B', subtitle: 's', submitLabel: 'Go', emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
  await api('POST', `/apps/${APP}/flows/waitlist/publish`);
  await api('PUT', `/apps/${APP}/flows/wishlist`, { type: 'wishlist', intro: { title: 'Bench', subtitle: '', submitLabel: 'Go' }, success: { title: 'Thanks', body: '' } });
  await api('POST', `/apps/${APP}/flows/wishlist/publish`);
  // One hot idea: every vote lands on the same counter row.
  const hotIdea: string = (await api('POST', `/apps/${APP}/wishlist/ideas`, { title: 'Hot' })).idea.id;
  await api('PUT', `/apps/${APP}/flows/cancel`, goodCancel());
  await api('POST', `/apps/${APP}/flows/cancel/publish`);
  // Promotion resolve as promotion.bench.ts loads it: three destinations, caps, frequency, targeting, smart rotation.
  const dests: string[] = [];
  for (const n of ['focus', 'habit', 'calm']) {
    const { app } = await api('POST', '/apps', { name: n, slug: `bench-${n}`, promotion: { appStoreId: '123456', storeUrl: `https://apps.apple.com/app/${n}/id123456`, universalLinkBase: `https://${n}.example` } });
    dests.push(app.id);
  }
  await api('PUT', `/apps/${APP}/flows/app-promotion`, {
    type: 'app_promotion',
    placement: 'launch',
    mode: 'rotating',
    rotationStrategy: 'smart',
    destinations: dests.map((destinationAppId) => ({ destinationAppId, maxImpressions: 1_000_000, cooldownDays: 1, countries: ['US', 'CA'], content: { title: 'Try it', ctaLabel: 'Get' } })),
    targeting: { platforms: ['ios'], minAppVersion: '3.0' },
    frequency: { windowDays: 14, maxImpressionsPerWindow: 4, hideInstalled: true },
  });
  await api('POST', `/apps/${APP}/flows/app-promotion/publish`);
  return { env, server, hotIdea };
}

export interface Stored {
  /** The link's click_count and its history rows. */
  clicks: number;
  clickRows: number;
  signupEmails: Set<string>;
  /** The hot idea's vote_count and its vote rows. */
  votesCounted: number;
  voteRows: number;
  sessionIds: Set<string>;
}

/** What the database holds, read after the server stopped (SIGTERM drains its group commits). */
export async function stored(env: Record<string, string>, hotIdea: string): Promise<Stored> {
  const one = {
    clicks: `SELECT click_count AS n FROM links WHERE code = '${LINK_CODE}'`,
    clickRows: 'SELECT COUNT(*) AS n FROM link_clicks',
    votesCounted: `SELECT vote_count AS n FROM wishlist_ideas WHERE id = '${hotIdea}'`,
    voteRows: `SELECT COUNT(*) AS n FROM wishlist_votes WHERE idea_id = '${hotIdea}'`,
  };
  const sets = { signupEmails: 'SELECT email AS v FROM waitlist_signups', sessionIds: 'SELECT id AS v FROM flow_sessions' };
  const out: Record<string, unknown> = {};
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    await c.query(`SET search_path TO "${env.DATABASE_SCHEMA}"`);
    for (const [k, q] of Object.entries(one)) out[k] = Number((await c.query(q)).rows[0].n);
    for (const [k, q] of Object.entries(sets)) out[k] = new Set((await c.query(q)).rows.map((r) => r.v));
    await c.end();
  } else {
    const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
    for (const [k, q] of Object.entries(one)) out[k] = Number((db.prepare(q).get() as { n: number }).n);
    for (const [k, q] of Object.entries(sets)) out[k] = new Set(db.prepare(q).pluck().all());
    db.close();
  }
  return out as unknown as Stored;
}

/** Removes the run's data: the SQLite directory, the PostgreSQL schema. */
export async function dropData(env: Record<string, string>) {
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE`);
    await c.end();
  }
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}
