/**
 * What the JSON-POST benchmarks (forms, onboarding, promotion) share: the raw node:http baseline and the
 * load child (forms.load.ts) that sends distinct bodies and remembers what was acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadResult } from './autocannon.js';
import { freePort } from '../test/process-helpers.js';

export interface AckedLoad extends LoadResult {
  /** Emails the server acknowledged with a 2xx. */
  acked: string[];
}

const LOAD = resolve(import.meta.dirname, 'forms.load.ts');

/** autocannon runs in its own process so it never shares an event loop with a server. */
export function jsonPostLoad(url: string, kind: 'signup' | 'feedback' | 'onboarding' | 'raw' | 'promotion-resolve' | 'promotion-event' | 'vote', opts: { appSlug?: string; connections: number; seconds: number }): Promise<AckedLoad> {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-')), 'result.json');
  const args = ['--import', 'tsx', LOAD, url, kind, opts.appSlug ?? '', String(opts.connections), String(opts.seconds), out];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  return new Promise((res, rej) => child.on('exit', (code) => (code === 0 ? res(JSON.parse(readFileSync(out, 'utf8'))) : rej(new Error(`load exited ${code}`)))));
}

/** The baseline: node:http parsing a JSON body and answering 201 JSON, nothing else. */
export async function rawJsonServer(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { let b = ''; q.on('data', (d) => (b += d)); q.on('end', () => { const j = JSON.parse(b); s.writeHead(201, { 'content-type': 'application/json' }); s.end(JSON.stringify({ ok: true, id: String(j.email).length })); }); }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, proc };
}
