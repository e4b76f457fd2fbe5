import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../process-helpers.js';

const NODE_CHECK = resolve(import.meta.dirname, '../../bin/node-check');
const ONE_LINE = /^appflows needs Node\.js 22 or newer \(24 LTS recommended\); this is Node\.js v20\.\d+\.\d+ \(\S+\/node\): install it from https:\/\/nodejs\.org\/ .*source scripts\/node24\.sh\n$/;

/** A directory whose `node` says it is `version` and, when run for real, only says so. */
function fakeNode(version: string) {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-node-'));
  writeFileSync(join(dir, 'node'), `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; else echo "ran node $*"; fi\n`);
  chmodSync(join(dir, 'node'), 0o755);
  return dir;
}

const run = (pathDir: string, file: string, args: string[]) =>
  spawnSync(file, args, { env: { PATH: `${pathDir}:/usr/bin:/bin`, HOME: tmpdir(), DATA_DIR: mkdtempSync(join(tmpdir(), 'appflows-nc-')) }, encoding: 'utf8', timeout: 60_000 });

describe('the Node.js version check before anything loads', () => {
  it.skipIf(!existsSync('/usr/bin/node') || Number(spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout.slice(1).split('.')[0]) >= 22)(
    'bin/appflows on the real Node 20 of this machine: one line, exit 1, no segfault',
    () => {
      const r = spawnSync(BIN, ['serve'], { env: { PATH: '/usr/bin:/bin', HOME: tmpdir(), DATA_DIR: mkdtempSync(join(tmpdir(), 'appflows-nc-')) }, encoding: 'utf8', timeout: 60_000 });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(ONE_LINE);
      expect(r.stdout).toBe('');
    },
  );

  it('refuses an older Node in one line and hands a new enough one the command', () => {
    const old = run(fakeNode('v20.19.0'), BIN, ['serve']);
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(ONE_LINE);
    expect(old.stdout).toBe('');
    const ok = run(fakeNode('v22.0.0'), BIN, ['serve']);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^ran node .*src\/main\.ts serve\n$/);
  });

  it('`npm test` (its pretest) needs what vitest needs: 22.12', () => {
    const old = run(fakeNode('v22.11.0'), 'sh', [NODE_CHECK, '22.12', 'npm test']);
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(/^npm test needs Node\.js 22\.12 or newer \(24 LTS recommended\); this is Node\.js v22\.11\.0 /);
    expect(old.stderr.split('\n')).toHaveLength(2);
    expect(run(fakeNode('v24.1.0'), 'sh', [NODE_CHECK, '22.12', 'npm test']).status).toBe(0);
    expect(run(fakeNode('v23.0.0'), 'sh', [NODE_CHECK, '22.12', 'npm test']).status).toBe(0);
  });
});
