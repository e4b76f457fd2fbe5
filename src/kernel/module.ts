import type { FastifyInstance } from 'fastify';
import type { AppService } from '../apps/apps.service.js';
import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import type { TokenService } from '../tokens/tokens.service.js';
import type { Clock } from './clock.js';
import type { EventDef, Events } from './events/events.js';
import type { FlowService } from './flows/flows.service.js';
import type { FlowRegistry, FlowTypeDef } from './flows/registry.js';
import type { OperationDeps } from './http.js';
import type { CountryLookup } from './identity.js';
import type { Operation } from './operation.js';
import type { Preroute } from './preroute.js';
import type { SessionStore } from './sessions/sessions.store.js';

/**
 * What every capability is built from: configuration, the database, the clock, and the kernel
 * services all of them stand on (the app registry, tokens, versioned flows).
 */
export interface Kernel {
  config: Config;
  db: DbHandle;
  clock: Clock;
  registry: FlowRegistry;
  /** The event catalogue and the outbox's listeners (kernel/events): writers ask it for the events they write. */
  events: Events;
  apps: AppService;
  tokens: TokenService;
  flows: FlowService;
  /**
   * Sessions of hosted flow types and their steps: one store (one group committer per table)
   * for every type; a type registers its step roll-up on it (`rollUpSteps`) in its `create`.
   */
  sessions: SessionStore;
  /**
   * Every capability of this process, filled once all modules are created: read it when an
   * operation runs, not in `create` (src/privacy iterates their `subjectData`).
   */
  capabilities: readonly Capability[];
}

/** What a capability's HTTP routes get besides the kernel (only when an HTTP server runs). */
export interface RouteContext {
  deps: OperationDeps;
  country: CountryLookup;
  /** The client-address function Fastify and fast paths share (kernel/client-ip.ts). */
  clientIp: (req: import('node:http').IncomingMessage) => string;
  /** Every declared operation: the dashboard calls them (session-authenticated) instead of re-implementing a rule. */
  operations: Operation[];
  /** Every capability of this server (the dashboard registers their `dashboard` pages). */
  capabilities: Capability[];
}

/** A running capability: what `create` returns. */
export interface Capability<S extends object = object> {
  /** Its services, merged into `app.services` (tests, benchmarks, the CLI). */
  services: S;
  /** Its operations: REST routes, OpenAPI entries and MCP tools are generated from them. */
  operations?: Operation[];
  /** Hosted pages and other routes that are not operations; may return a fast path (preroute). */
  routes?(app: FastifyInstance, ctx: RouteContext): void | Preroute;
  /** Background work, started when the HTTP server is built (not for the CLI or MCP on stdio). */
  start?(): void;
  /** Finishes its work on close (pending group commits, timers). */
  close?(): Promise<void>;
  /** What it stores about one end user of an app: export, erase and retention (kernel/subject.ts, src/privacy). */
  subjectData?: import('./subject.js').SubjectData;
  /**
   * Its owner-dashboard pages (GET/POST routes under /admin/…), registered by the dashboard
   * (src/admin) inside its signed-in scope: the session is checked and every POST's CSRF token
   * verified before they run. Render with src/admin's Shell and sendAdmin.
   */
  dashboard?(scope: FastifyInstance, d: DashboardContext): void;
  /** Its tabs in an app's dashboard (pages it registers in `dashboard` at /admin/apps/:app/<path>). */
  dashboardSections?: DashboardSection[];
  /** Its numbers on an app's overview: daily roll-up metrics (db/rollups.ts) it keeps. */
  overview?: OverviewMetric[];
}

/** One tab of an app's dashboard. */
export interface DashboardSection {
  /** Path under /admin/apps/<app>/ (`feedback`, `links`); the tab is current on it and below it. */
  path: string;
  label: string;
}

/** One number on an app's overview: today, 7 and 30 days of a daily roll-up metric, with a sparkline. */
export interface OverviewMetric {
  metric: string;
  label: string;
  /** The flow type it belongs to: shown only when the app has that flow published. None: always shown. */
  flowType?: string;
  /** The section path it links to. */
  section?: string;
}

/** What a capability's dashboard pages get from the dashboard (src/admin builds it). */
export interface DashboardContext {
  /** Calls a declared operation (`GET`, `/api/v1/apps/:idOrSlug/…`) as the signed-in owner: one logic path with REST and MCP. */
  call<T = any>(request: import('fastify').FastifyRequest, method: import('./operation.js').Method, path: string, raw: { params?: unknown; query?: unknown; body?: unknown }): Promise<T>;
  /** The signed-in owner of a request and the CSRF token its forms must carry (`_csrf` field or `x-csrf-token` header). */
  owner(request: import('fastify').FastifyRequest): { email: string; accountId: string; csrf: string };
  /** Every capability's tabs, in module order (render them with src/admin's AppShell). */
  sections: DashboardSection[];
  /**
   * A one-time value for this owner's next page (post/redirect/get of a secret shown once, as the
   * API tokens page does): sealed to the session, never in a URL; `take` returns it once.
   */
  flash: { put(request: import('fastify').FastifyRequest, data: unknown): Promise<void>; take(request: import('fastify').FastifyRequest): Promise<unknown> };
}

/**
 * One capability folder = one module: the flow types it owns, and a factory for the rest.
 * `server.ts` and `mcp/` iterate the list in `src/modules.ts` and name no capability.
 */
export interface CapabilityModule<S extends object = object> {
  name: string;
  /** Registered before any service is built: the flows kernel serves their drafts and versions. */
  flowTypes?: FlowTypeDef[];
  /** The events it emits (webhooks and notifications; kernel/events). */
  events?: EventDef[];
  create(kernel: Kernel): Capability<S>;
}

export const defineModule = <S extends object>(m: CapabilityModule<S>): CapabilityModule<S> => m;
