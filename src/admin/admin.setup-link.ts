import type { FastifyBaseLogger } from 'fastify';

/**
 * A fresh install: a one-time link that creates the first owner (never an open sign-up), issued at
 * each start while no owner exists. Printed as a plain line on stderr, where a person watching
 * `npm start` sees it among (or without) the request logs, and highlighted on a terminal. Log
 * collectors keep their JSON warning as before (not on a terminal, where it would say it twice).
 */
export async function announceSetupLink(opts: {
  owners: { issueSetupLink(): Promise<string | undefined> };
  baseUrl: string;
  log: FastifyBaseLogger;
  stderr: NodeJS.WriteStream;
  logsAreJson: boolean;
}): Promise<void> {
  const token = await opts.owners.issueSetupLink();
  if (!token) return;
  const message = `No dashboard owner yet. Create one at ${opts.baseUrl}/admin/setup?t=${token} (one-time link, valid 24 h), or run: appflows user create --email you@example.com`;
  if (opts.logsAreJson) opts.log.warn(message);
  const color = opts.stderr.isTTY && !process.env.NO_COLOR;
  opts.stderr.write(color ? `\n\x1b[1;33m${message}\x1b[0m\n\n` : `${message}\n`);
}
