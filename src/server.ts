import './kernel/zod-setup.js';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createAppService } from './apps/apps.service.js';
import { createAppStore } from './apps/apps.store.js';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import { systemClock, type Clock } from './kernel/clock.js';
import { createEvents } from './kernel/events/events.js';
import { eventWebhooks } from './kernel/events/openapi.js';
import { createFlowService } from './kernel/flows/flows.service.js';
import { optionalRequestBodies } from './kernel/openapi-bodies.js';
import { createFlowStore } from './kernel/flows/flows.store.js';
import { FlowRegistry } from './kernel/flows/registry.js';
import { createSessionStore } from './kernel/sessions/sessions.store.js';
import type { Capability, CapabilityModule, Kernel, RouteContext } from './kernel/module.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerJsonParser, registerOperation, type OperationDeps } from './kernel/http.js';
import { createFastOps, registerFastOpsReplay, type FastOps } from './kernel/fast-ops.js';
import { clientIpOf, trustFrom } from './kernel/client-ip.js';
import { COMPRESSION } from './kernel/compression.js';
import { countryLookup, rawClientInfo } from './kernel/identity.js';
import { registerAssets } from './kernel/pages/assets.js';
import { registerPublicApiPolicy } from './kernel/public-api.js';
import { registerRateLimit } from './kernel/rate-limit.js';
import { DOCUMENT_HEADERS, registerSecurityHeaders } from './kernel/security-headers.js';
import type { Operation } from './kernel/operation.js';
import { registerHome } from './kernel/home.js';
import { registerMetrics } from './kernel/metrics.js';
import { registerNulGuard } from './kernel/nul.js';
import { serverWithPreroute, type Preroute } from './kernel/preroute.js';
import { offSignupHost, registerSignupHost, separateSignupHost } from './kernel/signup-host.js';
import { registerMcpHttp } from './mcp/http.js';
import { MODULES } from './modules.js';
import { createTokenService } from './tokens/tokens.service.js';
import { createTokenStore } from './tokens/tokens.store.js';

/** The hash Chromium reports for Swagger UI's injected style (checked by test/kernel/docs.browser.test.ts). */
const SWAGGER_UI_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';
const APPFLOWS_MARK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M8 22c4-10 12-10 16-2M8 14c4 6 12 6 16-4" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
);
const APPFLOWS_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 32" width="150" height="32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M8 22c4-10 12-10 16-2M8 14c4 6 12 6 16-4" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><text x="40" y="23" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff">Appflows</text></svg>',
);

export interface BuildOptions {
  config: Config;
  db: DbHandle;
  clock?: Clock;
  /** Pino logger options, or false (tests). */
  logger?: boolean | object;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ModuleServices = UnionToIntersection<ReturnType<(typeof MODULES)[number]['create']>['services']>;

/** The kernel every capability stands on: flow types from every module, apps, tokens, versioned flows, hosted-flow sessions. */
export function buildKernel(config: Config, db: DbHandle, clock: Clock = systemClock): Kernel {
  const registry = new FlowRegistry();
  for (const m of MODULES) for (const def of (m as CapabilityModule).flowTypes ?? []) registry.register(def);
  const events = createEvents(MODULES.flatMap((m) => (m as CapabilityModule).events ?? []), db);
  const tokens = createTokenService({ store: createTokenStore(db.db), clock });
  const apps = createAppService({ store: createAppStore(db.db), clock });
  // The short-link path is a route word even where no HTTP server runs (MCP on stdio creates apps too).
  apps.reserveRoute(new URL(config.shortLinkUrl).pathname);
  const flows = createFlowService({ store: createFlowStore(db.db), registry, clock, webUrl: config.webUrl, resolveApp: (slug) => apps.resolvePublic(slug), accountApps: (accountId) => apps.list(accountId), publicUrls: { web: config.webUrl, signup: separateSignupHost(config) ? config.signupUrl : undefined }, events });
  return { config, db, clock, registry, events, apps, tokens, flows, sessions: createSessionStore(db), capabilities: [] };
}

/** The kernel and every module, created. Shared by the HTTP server, the CLI and the MCP server. */
export function buildCapabilities(config: Config, db: DbHandle, clock: Clock = systemClock) {
  const kernel = buildKernel(config, db, clock);
  const capabilities = MODULES.map((m) => (m as CapabilityModule).create(kernel));
  (kernel.capabilities as Capability[]).push(...capabilities);
  const services = Object.assign(
    { registry: kernel.registry, events: kernel.events, apps: kernel.apps, tokens: kernel.tokens, flows: kernel.flows },
    ...capabilities.map((c) => c.services),
  ) as Pick<Kernel, 'registry' | 'events' | 'apps' | 'tokens' | 'flows'> & ModuleServices;
  /** Every declared operation: REST routes, OpenAPI entries and MCP tools come from this list. */
  const operations: Operation[] = capabilities.flatMap((c) => c.operations ?? []);
  return { kernel, capabilities, services, operations };
}
export type Services = ReturnType<typeof buildCapabilities>['services'];

export function loggerOptions(level: string) {
  return {
    level,
    // Never log client IPs, tokens, cookies or query strings (which may carry emails or preview tokens).
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export async function buildServer(opts: BuildOptions): Promise<FastifyInstance & { services: Services }> {
  const { config } = opts;
  const trust = trustFrom(config.trustProxy);
  let preroute: Preroute | undefined;
  const app = Fastify({
    serverFactory: serverWithPreroute(() => preroute, { maxConnectionsPerClient: config.connections.maxPerClient, trust, headersTimeout: config.connections.headersTimeout, requestTimeout: config.connections.requestTimeout }),
    logger: opts.logger === undefined ? loggerOptions(config.logLevel) : opts.logger,
    trustProxy: trust,
    bodyLimit: config.bodyLimit,
    // A body that trickles in is cut off (408) with its connection (kernel/preroute.ts).
    requestTimeout: config.connections.requestTimeout,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
  });
  const { capabilities, services, operations: ops } = buildCapabilities(config, opts.db, opts.clock);
  app.decorate('services', services);
  // Before any route: every route's first word is reserved as an app slug, and a separate
  // SIGNUP_URL host answers only waitlist pages (kernel/signup-host.ts).
  app.addHook('onRoute', (route) => services.apps.reserveRoute(route.url));
  const signupHost = separateSignupHost(config);
  if (signupHost) registerSignupHost(app, signupHost);
  // NUL in any input is a 400/422 on every route (kernel/nul.ts); operations (they carry an
  // operationId) and the MCP endpoint check it in parseInput, after authentication.
  registerNulGuard(app, (route) => (route.schema as { operationId?: string } | undefined)?.operationId !== undefined || route.url === '/mcp');

  // Input is parsed by our own zod step (kernel/operation.ts) so HTTP and MCP reject alike;
  // Fastify only needs the schemas for the OpenAPI document. Output goes through zod, which
  // strips anything a handler did not mean to expose.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerErrorHandling(app, config.bodyLimit);
  registerSecurityHeaders(app);
  registerPublicApiPolicy(app);
  // Pages, JSON, CSV and /docs are compressed for clients that ask (Accept-Encoding); bodies
  // under 1 KB, most API answers, are sent as they are. Short-link redirects answer before
  // Fastify (kernel/preroute.ts) and have no body to compress.
  await app.register(compress, COMPRESSION);
  // Hosted pages' no-JavaScript form posts; the public API refuses such bodies (public-api.ts).
  await app.register(formbody);
  let fastOps: FastOps | undefined;
  let closing = false;
  const rateBudget = await registerRateLimit(app, { secret: config.secret, redisUrl: config.redisUrl, prepaid: (req) => fastOps?.prepaid(req) ?? false });
  registerAssets(app);
  registerMetrics(app, config.metricsToken);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Appflows API',
        version: '1.0.0',
        description:
          'Owner API (`/api/v1`, Bearer token `afk_<prefix>_<secret>`) and public API (`/api/public`, scoped by app slug). Errors are `{ error }`; validation errors add `issues: [{ path, message }]`.',
      },
      servers: [{ url: config.baseUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'afk_<8-char prefix>_<32-char secret>' } } },
      // What deliveries POST to endpoints: one entry per event of the catalogue (#33).
      webhooks: eventWebhooks(services.events.catalog),
    },
    transform: jsonSchemaTransform,
    transformObject: (d) => ('openapiObject' in d ? optionalRequestBodies(d.openapiObject, ops) : d.swaggerObject),
  });
  if (config.docs) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Swagger UI injects one fixed <style> element; its hash is allowed instead of 'unsafe-inline'.
      transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, `style-src $1 '${SWAGGER_UI_STYLE_HASH}'`),
      uiConfig: { docExpansion: 'list' },
      theme: {
        title: 'Appflows API',
        favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: APPFLOWS_MARK }],
      },
      logo: { type: 'image/svg+xml', content: APPFLOWS_LOGO, href: '/docs', target: '_self' },
      // The docs UI is a document: it gets the document headers pages get.
      uiHooks: {
        onRequest: (_request, reply, done) => {
          reply.headers(DOCUMENT_HEADERS);
          done();
        },
      },
    });
  }

  const country = await countryLookup(config.countryHeader, config.geoipDb);
  const clientIp = clientIpOf(trust);
  // Public JSON POSTs on launch-time hot paths answered in front of Fastify (kernel/fast-ops.ts).
  fastOps = createFastOps(ops, { bodyLimit: config.bodyLimit, rate: rateBudget, client: rawClientInfo(clientIp, config.secret, country), closing: () => closing });
  registerFastOpsReplay(app, fastOps);
  const deps: OperationDeps = {
    secret: config.secret,
    country,
    authenticate: (h: string | undefined, client: string) => services.tokens.authenticate(h, client),
    fastOutcome: fastOps.outcome,
  };
  for (const op of ops) registerOperation(app, op, deps);
  registerMcpHttp(app, ops, deps.authenticate, config.secret);
  const routeContext: RouteContext = { deps, country: deps.country, clientIp, operations: ops, capabilities };
  const preroutes: Preroute[] = fastOps.preroute ? [offSignupHost(fastOps.preroute, signupHost)] : [];
  for (const c of capabilities) {
    const fast = c.routes?.(app, routeContext);
    if (fast) preroutes.push(offSignupHost(fast, signupHost));
    c.start?.();
  }
  // Fast paths answer in front of Fastify (kernel/preroute.ts): the first that takes a request wins.
  preroute = preroutes.length <= 1 ? preroutes[0] : (req, res, fastify) => preroutes.some((p) => p(req, res, fastify));
  app.addHook('onClose', async () => {
    for (const c of capabilities) await c.close?.();
  });

  // Closing: every request goes to Fastify again (it answers new ones 503). Fastify closes idle
  // keep-alive connections once; a connection whose request was still in flight becomes idle
  // only after its answer and would then hold close() open until keepAliveTimeout (72 s), past
  // most orchestrators' grace period. Sweep them until closed.
  app.addHook('preClose', (done) => {
    preroute = undefined;
    closing = true;
    if (!app.server.listening) return done();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerHome(app, config);
  // Probes (Docker's HEALTHCHECK every 15 s, a load balancer's every few seconds) log at warn and
  // above only: their info lines ("incoming request", "request completed") were most of an idle
  // node's log. A failing probe logs its reason at warn.
  const probe = { schema: { hide: true }, logLevel: 'warn' } as const;
  const failing = (request: FastifyRequest, reply: FastifyReply, error: string) => {
    request.log.warn({ path: request.url, error }, 'health probe failing');
    return reply.code(503).send({ ok: false, error });
  };
  // 503 once a WAL fsync failed: writes are refused until a restart, so a supervisor should restart us.
  app.get('/healthz', probe, async (request, reply) => {
    const failure = opts.db.writeFailure?.();
    return failure ? failing(request, reply, failure.message) : { ok: true };
  });
  // Readiness: the database answers a query (within 2 s) and durable writes are accepted. A load
  // balancer takes a node out while this fails; /healthz (liveness) stays about the process.
  app.get('/readyz', probe, async (request, reply) => {
    const failure = opts.db.writeFailure?.();
    if (failure) return failing(request, reply, failure.message);
    try {
      await withTimeout(sql`select 1`.execute(opts.db.db), 2000);
      return { ok: true, database: opts.db.dialect };
    } catch (err) {
      return failing(request, reply, `database unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
  });

  return app as unknown as FastifyInstance & { services: Services };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
