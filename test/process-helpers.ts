import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openAndMigrate } from '../src/db/index.js';
import { checkSecretFingerprint } from '../src/db/secret-fingerprint.js';
import { buildKernel } from '../src/server.js';
import { PG_URL } from './helpers.js';
import { dropSchemas, processSchemas } from './pg-schemas.js';

export const BIN = resolve(import.meta.dirname, '../bin/appflows');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/**
 * Environment for a real server process on SQLite (temp dir) or PostgreSQL (a schema of its own).
 * It carries vitest's VITEST marker, so the process hashes at the test bcrypt cost as this one
 * does (src/kernel/hash-cost.ts); `productionCosts` takes it away for a test that needs the real cost.
 */
export function processEnv(dialect: 'sqlite' | 'postgres', extra: Record<string, string> = {}): Record<string, string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'appflows-proc-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    DATA_DIR: dataDir,
    SECRET: 'process-test-secret-process-test-secret',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ...(process.env.VITEST ? { VITEST: process.env.VITEST } : {}),
    ...extra,
  };
  if (dialect === 'postgres') {
    env.DATABASE_URL = PG_URL!;
    env.DATABASE_SCHEMA = `p_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
    processSchemas.push(env.DATABASE_SCHEMA);
  }
  return env;
}


/** `env` without the test runner's marker: a process started with it hashes at bcrypt's production costs. */
export function productionCosts(env: Record<string, string>): Record<string, string> {
  const { VITEST: _, ...rest } = env;
  return rest;
}

/** Drops the PostgreSQL schemas made by processEnv (call in afterAll). */
export const dropProcessSchemas = () => dropSchemas(PG_URL, processSchemas.splice(0));

export function cli(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(BIN, args, { env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * An API token on the database of `env`, made in this process the way `appflows token create`
 * makes it (migrate, check the SECRET's fingerprint, create). The CLI itself is tested in
 * test/kernel/process.test.ts; elsewhere a token is setup, and a CLI process costs a second or
 * more of CPU to load (a real cost on 2 cores when a suite starts many servers).
 */
export async function createToken(env: Record<string, string>, name: string): Promise<string> {
  const config = loadConfig(env);
  const db = await openAndMigrate(config.database);
  try {
    await checkSecretFingerprint(db.db, config.secret);
    return (await buildKernel(config, db).tokens.create(name)).token;
  } finally {
    await db.close();
  }
}

export interface RunningServer {
  url: string;
  port: number;
  proc: ChildProcess;
  output(): string;
  /** What it wrote to stderr alone. */
  stderr(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Starts `appflows serve`. Without a port it binds port 0 and reads the port the server reports on
 * stderr: a port picked free beforehand can be taken by another test before the server binds it.
 */
export async function startServer(env: Record<string, string>, port?: number, bin = BIN): Promise<RunningServer> {
  // Another checkout's server runs from its own root (tsx reads that checkout's tsconfig).
  const cwd = bin === BIN ? undefined : resolve(bin, '../..');
  const proc = spawn(bin, ['serve'], { cwd, env: { ...env, PORT: String(port ?? 0) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => ((out += d), (err += d)));
  const exited = new Promise<number | null>((res) => proc.on('exit', (code) => res(code)));
  const deadline = Date.now() + 60_000;
  let p = port;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    p ??= Number(/^appflows: listening on http:\/\/\S+:(\d+)$/m.exec(err)?.[1]) || undefined;
    if (p) {
      try {
        const r = await fetch(`http://127.0.0.1:${p}/healthz`);
        if (r.ok) break;
      } catch {
        /* not up yet */
      }
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${p}`, port: p, proc, output: () => out, stderr: () => err, exited };
}

/** A fresh SQLite server process with an owner token and a client for `/api/v1/apps…` calls. */
export async function startOwnedServer(servers: RunningServer[], extra: Record<string, string> = {}) {
  const env = processEnv('sqlite', extra);
  const token = await createToken(env, 'owner');
  const server = await startServer(env);
  servers.push(server);
  const owner = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/v1/apps${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  return { env, server, owner };
}
