import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { AppError } from '../kernel/errors.js';
import type { OwnerService } from './admin.owners.js';

/** Reads one line; on a terminal without echoing it. */
async function readSecret(prompt: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: hidden });
  return new Promise((resolve, reject) => {
    rl.question(prompt, (answer) => {
      resolve(answer);
      rl.close();
      if (hidden) process.stderr.write('\n');
    });
    muted = hidden;
    rl.on('close', () => reject(new AppError(400, 'No password given')));
  });
}

/**
 * `appflows user create|password --email <e> [--password-stdin]`. The password is prompted twice
 * on a terminal, read from the first line of stdin with --password-stdin, and otherwise generated
 * and printed once (alone on stdout's last line, like `token create`).
 */
export async function runUserCommand(config: Config, owners: () => OwnerService, args: string[], usage: (m: string) => Error) {
  const [sub, ...rest] = args;
  if (sub !== 'create' && sub !== 'password') throw usage(`unknown user command "${sub ?? ''}"`);
  let values: { email?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({ args: rest, options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } } }));
  } catch (e) {
    throw usage((e as Error).message);
  }
  if (!values.email) throw usage(`user ${sub} needs --email <email>`);
  try {
    let password: string | undefined;
    if (values['password-stdin']) password = (await readSecret('', false)).replace(/\r?\n$/, '');
    else if (process.stdin.isTTY) {
      password = await readSecret('Password (at least 10 characters): ', true);
      if ((await readSecret('Repeat it: ', true)) !== password) throw new AppError(400, 'The passwords differ');
    }
    const services = { owners: owners() };
    if (sub === 'create') {
      const o = await services.owners.create(values.email, password);
      console.error(`Created owner ${o.email}. Sign in at ${config.baseUrl}/admin/login`);
      if (o.generatedPassword) {
        console.error('Generated password (shown once; store it now):');
        console.log(o.generatedPassword);
      }
    } else {
      const r = await services.owners.setPassword(values.email, password);
      console.error(`Password of ${r.email} changed; ${r.sessionsEnded} session(s) signed out.`);
      if (r.generatedPassword) {
        console.error('Generated password (shown once; store it now):');
        console.log(r.generatedPassword);
      }
    }
  } catch (e) {
    // A refusal (invalid email, weak password, duplicate, unknown owner): its message, exit code 1.
    if (!(e instanceof AppError)) throw e;
    console.error(`appflows: ${e.message}`);
    process.exitCode = 1;
  }
}
