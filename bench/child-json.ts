import { spawn } from 'node:child_process';

/**
 * Runs `node <args>` as a child process (a load generator or a client, never in the bench's or
 * the server's event loop) and parses the JSON it prints on stdout.
 */
export function childJson<T>(args: string[], what: string): Promise<T> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out) as T) : reject(new Error(`${what} exited ${code}`))));
  });
}
