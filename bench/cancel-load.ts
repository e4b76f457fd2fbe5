/** Runs cancel.load.ts (autocannon in a process of its own) and reads what it acknowledged. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadResult } from './autocannon.js';

export interface Session {
  sessionId: string;
  token: string;
  /** flowUrl's path and query (flowUrl is under WEB_URL; the bench talks to the server directly). */
  path: string;
}
export interface CancelLoad extends LoadResult {
  ackedCount: number;
  acked: Session[];
  /** Requests started, answered or not (each used up its pool entry). */
  sent: number;
  reused: number;
}
export type Entry = string | { path: string; method?: string; contentType?: string; body?: string };

const LOAD = resolve(import.meta.dirname, 'cancel.load.ts');

/** `seconds` may be `n<count>` to send exactly <count> requests. */
export function cancelLoad(url: string, kind: 'session' | 'raw' | 'get' | 'post', opts: { connections: number; seconds: number | string; appSlug?: string; entries?: Entry[] }): Promise<CancelLoad> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const out = join(dir, 'result.json');
  const args = [LOAD, url, kind, opts.appSlug ?? '', String(opts.connections), String(opts.seconds), out];
  if (opts.entries) {
    writeFileSync(join(dir, 'paths.json'), JSON.stringify(opts.entries));
    args.push(join(dir, 'paths.json'));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit' });
  return new Promise((res, rej) =>
    child.on('exit', (code) => {
      if (code !== 0) return rej(new Error(`load exited ${code}`));
      res(JSON.parse(readFileSync(out, 'utf8')));
      rmSync(dir, { recursive: true, force: true });
    }),
  );
}
