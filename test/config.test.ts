import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { BIN } from './process-helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'appflows-config-'));
const PG = 'postgres://appflows@127.0.0.1:5432/appflows';
const SECRET = 'config-test-secret-config-test-secret-00';

describe('configuration', () => {
  it('refuses PostgreSQL without an explicit SECRET, saying what to set and why', () => {
    const dir = tmp();
    let thrown: unknown;
    try {
      loadConfig({ DATA_DIR: dir, DATABASE_URL: PG });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toContain('SECRET');
    expect(message).toMatch(/every node/);
    expect(message).toContain('docs/scale-out.md');
    // A secret left in DATA_DIR by an earlier single-node run does not count: it is not shared.
    expect(() => loadConfig({ DATA_DIR: join(dir, 'other'), DATABASE_URL: PG.replace('postgres:', 'postgresql:') })).toThrow(/SECRET/);
  });

  it('accepts PostgreSQL with SECRET, and SQLite without (generated into DATA_DIR, owner-only)', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: PG, SECRET }).secret).toBe(SECRET);
    const dir = join(tmp(), 'data');
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(config.secret);
    expect(statSync(join(dir, 'secret')).mode & 0o077).toBe(0);
    expect(statSync(dir).mode & 0o077).toBe(0);
  });

  it('WEBHOOK_LEASE: 60 s by default, seconds to ms, never shorter than a send (10 s) and its recording', () => {
    const env = { DATA_DIR: tmp(), SECRET };
    expect(loadConfig(env).webhooks.leaseMs).toBe(60_000);
    expect(loadConfig({ ...env, WEBHOOK_LEASE: '15' }).webhooks.leaseMs).toBe(15_000);
    expect(() => loadConfig({ ...env, WEBHOOK_LEASE: '10' })).toThrow(/WEBHOOK_LEASE: must be at least 15/);
    expect(() => loadConfig({ ...env, WEBHOOK_LEASE: 'soon' })).toThrow(/WEBHOOK_LEASE/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (10 by default) and refuses a size it cannot work with', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: PG, SECRET }).database).toMatchObject({ dialect: 'postgres', poolSize: 10 });
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: PG, SECRET, DATABASE_POOL_SIZE: '24' }).database).toMatchObject({ poolSize: 24 });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: PG, SECRET, DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE: must be at least 4/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: PG, SECRET, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses SHORT_LINK_URL on a separate SIGNUP_URL host, which serves waitlists only', () => {
    const env = { DATA_DIR: tmp(), SECRET, WEB_URL: 'https://web.example', SIGNUP_URL: 'https://join.example' };
    expect(() => loadConfig({ ...env, SHORT_LINK_URL: 'https://join.example/go' })).toThrow(/SHORT_LINK_URL/);
    expect(loadConfig({ ...env, SHORT_LINK_URL: 'https://go.example' }).shortLinkUrl).toBe('https://go.example');
    // On a shared host the waitlists live under /waitlist, so nothing is shadowed.
    expect(loadConfig({ ...env, SIGNUP_URL: 'https://web.example', SHORT_LINK_URL: 'https://web.example/go' }).shortLinkUrl).toBe('https://web.example/go');
  });

  it('a real `appflows serve` on PostgreSQL without SECRET exits 1 with that message, before connecting', () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: tmp(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'warn' };
    const r = spawnSync(BIN, ['serve'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('SECRET: required with a PostgreSQL DATABASE_URL');
    expect(r.stderr).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
  });
});
