import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { announceSetupLink } from './admin/admin.setup-link.js';
import { BackupError } from './db/backup.js';
import { openAndMigrate } from './db/index.js';
import { checkSecretFingerprint, SecretMismatchError } from './db/secret-fingerprint.js';
import { ttyLogStream } from './kernel/tty-log.js';
import { buildCapabilities, buildKernel, buildServer, loggerOptions } from './server.js';

const USAGE = `Usage: appflows <command>

  serve                         run the HTTP server (default)
  migrate                       apply database migrations and exit
  token create --name <name>    create an API token (printed alone on the last line)
  token list                    list tokens (never the secrets)
  token revoke <prefix>         revoke a token by its 8-character prefix
  user create --email <e>       create a dashboard owner (password prompted; printed once when
                                not on a terminal; --password-stdin reads it from stdin)
  user password --email <e>     set a new password (same options); signs out every session
  mcp                           run the MCP server on stdio (needs APPFLOWS_TOKEN)
  backup <file>                 copy the SQLite database while the server runs (docs/deploy.md)
`;

/** Every command that opens the database checks first that it runs with the database's SECRET. */
async function openDatabase(config: Config) {
  const db = await openAndMigrate(config.database);
  try {
    await checkSecretFingerprint(db.db, config.secret);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

async function serve(config: Config) {
  const db = await openDatabase(config);
  // A person at a terminal reads one short line per request; anything else (a service manager, a
  // container, a pipe) gets pino's JSON lines for its log collector, as they always were.
  const logsAreJson = !process.stdout.isTTY;
  const logger = logsAreJson ? undefined : { ...loggerOptions(config.logLevel), stream: ttyLogStream(process.stdout, !process.env.NO_COLOR) };
  const app = await buildServer({ config, db, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify stops accepting, lets in-flight requests finish, then closes; then the database.
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    await db.close();
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${config.port} is already in use on ${config.host}: stop the other server or set PORT to a free port`, false);
    if (code === 'EACCES') throw new UsageError(`not allowed to listen on ${config.host}:${config.port}: use a port above 1023 or run with the needed privilege`, false);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`HOST=${config.host} is not an address of this machine`, false);
    throw err;
  }
  // One plain line on stderr with the bound address (PORT=0 picks a free port: tests read it here).
  const bound = app.server.address();
  if (bound && typeof bound === 'object') process.stderr.write(`appflows: listening on http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}\n`);
  // With PORT=0 and no BASE_URL, the default origin names the port actually bound.
  const baseUrl = config.port === 0 && bound && typeof bound === 'object' ? config.baseUrl.replace(/:0$/, `:${bound.port}`) : config.baseUrl;
  await announceSetupLink({ owners: app.services.owners, baseUrl, log: app.log, stderr: process.stderr, logsAreJson });
}

async function main() {
  const argv = process.argv.slice(2);
  const [command = 'serve', ...rest] = argv;
  if (command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'migrate': {
      const db = await openDatabase(config);
      console.log(db.applied.length ? `Applied: ${db.applied.join(', ')}` : 'Database is up to date');
      await db.close();
      return;
    }
    case 'token': {
      const [sub, ...args] = rest;
      const db = await openDatabase(config);
      const { tokens } = buildKernel(config, db);
      try {
        if (sub === 'create') {
          const { values } = parseArgs({ args, options: { name: { type: 'string' } } });
          if (!values.name) throw new UsageError('token create needs --name <name>');
          const t = await tokens.create(values.name);
          console.error(`Created token "${t.name}" (prefix ${t.prefix}). It is shown once; store it now:`);
          console.log(t.token);
        } else if (sub === 'list') {
          const list = await tokens.list();
          if (!list.length) console.log('No tokens');
          for (const t of list) console.log(`${t.prefix}\t${t.revokedAt ? 'revoked' : 'active'}\t${t.createdAt}\t${t.name}`);
        } else if (sub === 'revoke') {
          if (!args[0]) throw new UsageError('token revoke needs <prefix>');
          await tokens.revoke(args[0]);
          console.log(`Revoked ${args[0]}`);
        } else throw new UsageError(`unknown token command "${sub ?? ''}"`);
      } finally {
        await db.close();
      }
      return;
    }
    case 'backup': {
      if (!rest[0]) throw new UsageError('backup needs <file>');
      if (config.database.dialect !== 'sqlite') throw new UsageError('backup copies the embedded SQLite database; for PostgreSQL use pg_dump (docs/deploy.md)');
      const { backupSqlite } = await import('./db/backup.js');
      // Migrated first, so a backup of a never-started data dir is a usable database too.
      await (await openDatabase(config)).close();
      const done = await backupSqlite(config.database.url, rest[0]);
      console.log(`Backed up ${config.database.url} to ${done.file} (${done.pages} pages)`);
      return;
    }
    case 'user': {
      const { runUserCommand } = await import('./admin/admin.cli.js');
      const db = await openDatabase(config);
      try {
        // The entry builds the services (admin/ may not import server.ts); only once the password is read.
        await runUserCommand(config, () => buildCapabilities(config, db).services.owners, rest, (m) => new UsageError(m));
      } finally {
        await db.close();
      }
      return;
    }
    case 'mcp': {
      const { runStdioMcp } = await import('./mcp/stdio.js');
      return runStdioMcp(config);
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** A mistake of the person running the command: one line (and the usage when it helps), no stack trace. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

/** node:util parseArgs reports a missing value or an unknown option with its own error codes. */
const isArgError = (err: unknown) => typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('ERR_PARSE_ARGS_');

main().catch((err) => {
  if (err instanceof UsageError && err.showUsage) {
    console.error(`appflows: ${err.message}\n\n${USAGE}`);
  } else if (isArgError(err)) {
    console.error(`appflows: ${(err as Error).message}\n\n${USAGE}`);
  } else if (err instanceof ConfigError) {
    console.error(err.message);
  } else if (err instanceof UsageError || err instanceof BackupError || err instanceof SecretMismatchError) {
    console.error(`appflows: ${err.message}`);
  } else if ([404, 409].includes((err as { status?: number }).status ?? 0)) {
    // A token or app that is not there (or no longer usable): the service's own message.
    console.error(`appflows: ${(err as Error).message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
