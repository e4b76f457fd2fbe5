import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Runs a command in the checkout, with its output trimmed (the deploy suites' docker and compose calls). */
export function run(cmd: string, args: string[], timeoutMs = 60_000) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, stdout: (r.stdout ?? '').trim(), stderr: (r.stderr ?? '').trim() + (r.error ? String(r.error) : '') };
}

/** `run`, throwing with the command's own message when it fails; its stdout. */
export function ok(cmd: string, args: string[], timeoutMs?: number) {
  const r = run(cmd, args, timeoutMs);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout}`);
  return r.stdout;
}
