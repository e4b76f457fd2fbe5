import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

/** Environment -> typed config. Fails fast with one readable message listing every bad variable. */

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lowercase identifier').optional(),
  // Connections one node opens at most (PostgreSQL): the hot paths hold at most two each at a time.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(4, 'must be at least 4').max(500).default(10),
  BASE_URL: url.optional(),
  WEB_URL: url.optional(),
  SIGNUP_URL: url.optional(),
  SHORT_LINK_URL: url.optional(),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().optional(),
  COUNTRY_HEADER: z.string().optional(),
  GEOIP_DB: z.string().optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
  DISABLE_DOCS: boolish.optional(),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com:465')
    .refine((v) => URL.canParse(v), 'must be a valid URL (percent-encode special characters in the user and password)')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address, e.g. support@example.com or "Support <support@example.com>"')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(256),
  HEADERS_TIMEOUT: z.coerce.number().positive().max(3600).default(20),
  REQUEST_TIMEOUT: z.coerce.number().positive().max(3600).default(30),
  WEBHOOK_ALLOW_PRIVATE: boolish.optional(),
  // At least 15 s: a send may take 10 s (webhooks.send.ts) plus recording it; a shorter lease
  // would let another node send a delivery that is still in flight.
  WEBHOOK_LEASE: z.coerce.number().min(15, 'must be at least 15 (seconds: a send may take 10)').max(3600).default(60),
});

export type Dialect = 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: Dialect; url: string; schema?: string; poolSize?: number };
  /** Public origins; default to the server's own origin (http://localhost:PORT). */
  baseUrl: string;
  webUrl: string;
  signupUrl: string;
  shortLinkUrl: string;
  /** Server secret: HMAC key for IP hashing, preview tokens and claim tokens. */
  secret: string;
  /** Fastify trustProxy value: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  logLevel: string;
  redisUrl?: string;
  countryHeader?: string;
  geoipDb?: string;
  bodyLimit: number;
  docs: boolean;
  /** Requests per minute per client on each public submit endpoint (raise it for load tests). */
  publicRateLimit: number;
  /** Outgoing mail (contact replies): an smtp(s):// URL and the From address; without SMTP_URL mail is only logged. */
  mail: { smtpUrl?: string; from?: string };
  /** Bearer token that enables GET /metrics (Prometheus); without it the route does not exist. */
  metricsToken?: string;
  /**
   * Slow clients (kernel/connections.ts): open connections one address may hold (0: no cap; trusted
   * proxies are exempt), and the milliseconds a request may take to send its headers, and its
   * headers and body, before it is answered 408 and its connection closed.
   */
  connections: { maxPerClient: number; headersTimeout: number; requestTimeout: number };
  /**
   * Webhooks (src/webhooks): with allowPrivate, endpoints may resolve to loopback, private and
   * link-local addresses (a self-hoster's internal receiver; tests). Off by default: SSRF guard.
   * leaseMs: how long a node holds the deliveries it claimed; a node that dies mid-send leaves
   * them to the others (or its restart) after this long.
   */
  webhooks: { allowPrivate: boolean; leaseMs: number };
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v; // comma-separated addresses or CIDRs, handed to Fastify/proxy-addr as is
}

/** Reads SECRET or the one kept under the data dir; generates it on first run. */
function loadSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = resolve(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL ?? resolve(dataDir, 'appflows.db');
  const isPg = /^postgres(ql)?:\/\//.test(dbUrl);
  if (!isPg && /^[a-z]+:\/\//i.test(dbUrl) && !dbUrl.startsWith('file:')) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: must be a SQLite file path or a postgres:// URL',
    );
  }
  if (isPg && !e.SECRET) {
    // A secret generated per node would make each node hash IPs and voters, and sign preview
    // tokens, its own way: one voter counted twice, a token refused by the next node.
    throw new ConfigError(
      [
        'Invalid configuration:',
        '  SECRET: required with a PostgreSQL DATABASE_URL. Set the same SECRET (at least 32 characters,',
        '  e.g. from `openssl rand -base64 32`) on every node that shares the database: it keys the IP and',
        '  voter hashes and signs preview tokens, so nodes with different secrets count one voter twice.',
        '  A node that ran with a generated secret: use the one in DATA_DIR/secret. See docs/scale-out.md.',
      ].join('\n'),
    );
  }
  if (e.HEADERS_TIMEOUT > e.REQUEST_TIMEOUT) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT (which covers the headers too)');
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set (the From address of the mail the server sends, e.g. support@example.com)');
  }
  const own = `http://localhost:${e.PORT}`;
  const baseUrl = e.BASE_URL ?? own;
  const webUrl = e.WEB_URL ?? baseUrl;
  const signupUrl = e.SIGNUP_URL ?? webUrl;
  const shortLinkUrl = e.SHORT_LINK_URL ?? `${webUrl}/l`;
  const signupHost = new URL(signupUrl).host;
  if (signupHost !== new URL(webUrl).host && new URL(shortLinkUrl).host === signupHost) {
    throw new ConfigError(
      'Invalid configuration:\n  SHORT_LINK_URL: must not be on SIGNUP_URL\'s host, which serves waitlist pages only (use WEB_URL/l or a host of its own)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: isPg
      ? { dialect: 'postgres', url: dbUrl, schema: e.DATABASE_SCHEMA, poolSize: e.DATABASE_POOL_SIZE }
      : { dialect: 'sqlite', url: dbUrl === ':memory:' ? dbUrl : resolve(dbUrl.replace(/^file:/, '')) },
    baseUrl,
    webUrl,
    signupUrl,
    shortLinkUrl,
    secret: loadSecret(dataDir, e.SECRET),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    geoipDb: e.GEOIP_DB,
    bodyLimit: e.BODY_LIMIT,
    docs: !e.DISABLE_DOCS,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    metricsToken: e.METRICS_TOKEN,
    connections: { maxPerClient: e.MAX_CONNECTIONS_PER_CLIENT, headersTimeout: Math.round(e.HEADERS_TIMEOUT * 1000), requestTimeout: Math.round(e.REQUEST_TIMEOUT * 1000) },
    webhooks: { allowPrivate: !!e.WEBHOOK_ALLOW_PRIVATE, leaseMs: Math.round(e.WEBHOOK_LEASE * 1000) },
  };
}
