import type { z } from 'zod';
import type { App } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { Clock } from '../clock.js';
import type { Issue } from '../errors.js';

/** An advisory finding on a saved config; never blocks saving. */
export interface Warning {
  code: string;
  /** JSON-pointer-like location in the config ("/responses/too_pricey/primaryButton"). */
  path: string;
  message: string;
}

export interface FlowContext {
  app: AppRow;
  /** Whether the app has a flow of that type (any slug). */
  hasFlow(type: string): Promise<boolean>;
  /** The app's published flows (current versions) of every type: legal derives what they collect. */
  publishedFlows(): Promise<{ type: string; slug: string; versionNumber: number; config: any }[]>;
  /** The apps of the app's account (types that reference other apps: app promotion). */
  accountApps(): Promise<App[]>;
  webUrl: string;
  /** The server's clock (warnings about dates: legal's future effective date). */
  clock: Clock;
  /**
   * The body as sent, before the schema normalised it (set for warnings on PUT and the editor's
   * dry run): a type that accepts another client's shape warns about what it could not honour.
   */
  input?: unknown;
}

/** The public origins a hosted page may live on (config.ts). */
export interface PublicUrls {
  web: string;
  /** SIGNUP_URL when it is a host of its own (waitlist pages move there); otherwise undefined. */
  signup?: string;
}

/** `/<app>` or `/<app>/<flow>` for a secondary: how hosted pages address a flow. */
export const pagePath = (p: { appSlug: string; flowSlug: string; primary: boolean }) =>
  `/${encodeURIComponent(p.appSlug)}${p.primary ? '' : `/${encodeURIComponent(p.flowSlug)}`}`;

/**
 * What a flow type registers. The kernel turns it into GET / PUT / publish routes, draft and
 * version storage, OpenAPI entries and MCP tools. Adding a type touches its folder and one line
 * in src/flows/index.ts.
 */
export interface FlowTypeDef<C = any> {
  /** Value of `type` in configs (`app_promotion`). */
  type: string;
  /** URL segment under /flows/ (`app-promotion`). */
  segment: string;
  /** Extra URL segments and `type` values still accepted (legacy clients). */
  legacySegments?: string[];
  legacyTypes?: string[];
  /** Human label used in messages, names and docs ("Cancel flow"). */
  label: string;
  /** Full config schema. Must accept (and may require) `type`. */
  schema: z.ZodType<C>;
  /** Slug of the primary flow; clients send it back as `flowSlug`. */
  primarySlug: string;
  /** Whether secondaries can be created with `?flowSlug=` (cancel, waitlist, app_promotion). */
  multi: boolean;
  /** What a `?flowSlug=` of a multi type may be, when not flowSlugSchema (the URL-safe default). */
  flowSlug?: z.ZodString;
  warnings?(config: C, ctx: FlowContext): Warning[] | Promise<Warning[]>;
  /** Rules that need stored data (other apps); issues are a 422 like schema issues, on PUT and on publish. */
  check?(config: C, ctx: FlowContext): Issue[] | Promise<Issue[]>;
  /** Runs on publish before the version is frozen; may stamp fields (legal's effective date). */
  beforePublish?(config: C, ctx: FlowContext & { now: Date; versionNumber: number }): C | Promise<C>;
  /** Extra keys on the GET envelope and the publish response (legal's public URLs). */
  extras?(ctx: FlowContext & { flowSlug: string; versionNumber: number | null }): Record<string, unknown>;
  /**
   * The hosted page owners link to (publish answers, flow lists, QR codes), or null when the type
   * has none of its own (app promotion; referral invites are per code).
   */
  publicUrl?(p: { appSlug: string; flowSlug: string; primary: boolean; urls: PublicUrls }): string | null;
  /** At least three starting points (src/flows/<type>/<type>.templates.ts). */
  templates?(ctx: TemplateContext): FlowTemplate<C>[];
  /** MCP tool names; defaults get_<type>_flow, update_<type>_draft, publish_<type>_flow. */
  mcp?: { get?: string; update?: string; publish?: string };
  /**
   * The dashboard's live preview of a config that is not saved yet (already parsed by `schema`):
   * the hosted page as visitors would get it, or for a type without one what it would decide
   * (app promotion). Rendered in a sandboxed frame without scripts. Types without it preview
   * through their preview-token operation, or not at all (src/admin/admin.previews.tsx).
   * It must record nothing (no session, click, decision or impression) and emit no script.
   */
  preview?(config: C, ctx: FlowContext & { flowSlug: string; screen?: string }): import('preact').VNode | Promise<import('preact').VNode>;
  /**
   * Every screen `preview` can show for this config, in the order a visitor meets them (the
   * dashboard's "Screen" select); `preview` then gets one of these ids as `screen` (the first
   * when none is asked for). Without it the type previews one screen.
   */
  previewScreens?(config: C): PreviewScreen[];
}

/** One screen of a flow's live preview: a stable id (`response:too_expensive`) and what the owner reads. */
export interface PreviewScreen {
  id: string;
  label: string;
}

/**
 * A starting point an owner picks in the dashboard's gallery or fetches through
 * `GET /api/v1/flow-templates`: a complete config that saves and publishes with no error
 * (test/flows/templates.test.ts PUTs and publishes every one on both databases).
 */
export interface FlowTemplate<C = any> {
  /** Stable snake_case id, unique within its type. */
  id: string;
  name: string;
  /** One line: what the template does and for whom. */
  description: string;
  config: C;
}

/** What a type's templates may adapt to: types that reference other apps (app promotion) fill them in. */
export interface TemplateContext {
  /** The apps of the asking account, oldest first. */
  accountApps: App[];
  /** The app the template is for, when the caller named one. */
  app?: App;
}

export class FlowRegistry {
  private byType = new Map<string, FlowTypeDef>();
  private bySegment = new Map<string, FlowTypeDef>();

  register(def: FlowTypeDef): this {
    if (this.byType.has(def.type)) throw new Error(`flow type ${def.type} registered twice`);
    this.byType.set(def.type, def);
    for (const t of def.legacyTypes ?? []) this.byType.set(t, def);
    this.bySegment.set(def.segment, def);
    for (const s of def.legacySegments ?? []) this.bySegment.set(s, def);
    return this;
  }

  types(): FlowTypeDef[] {
    return [...new Set(this.byType.values())];
  }

  get(type: string): FlowTypeDef | undefined {
    return this.byType.get(type);
  }

  segment(segment: string): FlowTypeDef | undefined {
    return this.bySegment.get(segment);
  }
}
