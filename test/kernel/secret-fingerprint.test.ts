import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { BIN, dropProcessSchemas, processEnv, startServer, type RunningServer } from '../process-helpers.js';

const OTHER = 'another-secret-another-secret-another-00';

describeEachDb('a node started with another SECRET than the database was first started with', (dialect) => {
  const servers: RunningServer[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  });
  afterAll(() => dropProcessSchemas());

  it('refuses to start with one line and a non-zero exit; the same SECRET starts beside the first node', async () => {
    const env = processEnv(dialect);
    servers.push(await startServer(env)); // first start: stores the fingerprint

    const other = spawnSync(BIN, ['serve'], { env: { ...env, SECRET: OTHER, PORT: '0' }, encoding: 'utf8', timeout: 60_000 });
    expect(other.status, other.stderr).toBe(1);
    expect(other.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^appflows: SECRET does not match the one this database was first started with: set the same SECRET .*docs\/scale-out\.md$/),
    ]);
    expect(other.stderr).not.toContain(env.SECRET);
    // Every command that opens the database checks, not only `serve`.
    const token = spawnSync(BIN, ['token', 'list'], { env: { ...env, SECRET: OTHER }, encoding: 'utf8' });
    expect(token.status).toBe(1);
    expect(token.stderr).toMatch(/^appflows: SECRET does not match/);

    servers.push(await startServer(env)); // a second node, same SECRET
    expect(servers[1].output()).not.toMatch(/SECRET/);
  });
});
