import type { FastifyInstance } from 'fastify';
import type { AppService } from '../apps/apps.service.js';
import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import type { TokenService } from '../tokens/tokens.service.js';
import type { Clock } from './clock.js';
import type { FlowService } from './flows/flows.service.js';
import type { FlowRegistry, FlowTypeDef } from './flows/registry.js';
import type { OperationDeps } from './http.js';
import type { CountryLookup } from './identity.js';
import type { Operation } from './operation.js';
import type { Preroute } from './preroute.js';

/**
 * What every capability is built from: configuration, the database, the clock, and the kernel
 * services all of them stand on (the app registry, tokens, versioned flows).
 */
export interface Kernel {
  config: Config;
  db: DbHandle;
  clock: Clock;
  registry: FlowRegistry;
  apps: AppService;
  tokens: TokenService;
  flows: FlowService;
}

/** What a capability's HTTP routes get besides the kernel (only when an HTTP server runs). */
export interface RouteContext {
  deps: OperationDeps;
  country: CountryLookup;
  /** The client-address function Fastify and fast paths share (kernel/client-ip.ts). */
  clientIp: (req: import('node:http').IncomingMessage) => string;
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
}

/**
 * One capability folder = one module: the flow types it owns, and a factory for the rest.
 * `server.ts` and `mcp/` iterate the list in `src/modules.ts` and name no capability.
 */
export interface CapabilityModule<S extends object = object> {
  name: string;
  /** Registered before any service is built: the flows kernel serves their drafts and versions. */
  flowTypes?: FlowTypeDef[];
  create(kernel: Kernel): Capability<S>;
}

export const defineModule = <S extends object>(m: CapabilityModule<S>): CapabilityModule<S> => m;
