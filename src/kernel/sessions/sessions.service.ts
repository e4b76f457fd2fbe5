import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { FlowService } from '../flows/flows.service.js';
import { randomString } from '../ids.js';
import type { ClientInfo } from '../operation.js';
import { rowId } from '../../db/row-id.js';
import { asTheme, type AppTheme } from '../pages/brand.js';
import type { StartRequest } from './sessions.schema.js';
import type { OutboxEvent } from '../../db/outbox.js';
import type { SessionRow, SessionStore, StepRow } from './sessions.store.js';

/** A session as its page sees it: the row, its app, and the config of the version it pinned. */
export interface OpenFlowSession<C> {
  session: SessionRow;
  app: { slug: string; name: string; deepLinkScheme: string | null; logoUrl: string | null; accentColor: string | null; theme: AppTheme | null };
  config: C;
}

/** What a hosted flow type's sessions are built from. */
export interface FlowSessionsDeps<S extends string = string> {
  type: string;
  store: SessionStore;
  flows: FlowService;
  clock: Clock;
  webUrl: string;
  pagePath: (appSlug: string, sessionId: string, token: string) => string;
  /**
   * The step that completes a session (cancel: `exit`, recorded once) and the outbox event its
   * storing writes, in the step's own transaction. `event` gets the session, the completion's
   * row and the steps recorded with it (the same request); it answers null when nobody listens
   * (before reading anything: pages stay as fast).
   */
  completed?: { step: S; event(s: SessionRow, row: StepRow, alongside: StepRow[]): Promise<OutboxEvent | null> };
  /** The step that converts in an experiment (cancel: a saved exit; onboarding: completed); counted with the step's row. */
  converts?: (row: StepRow) => boolean;
}

/**
 * Sessions of one hosted flow type (no HTTP here: routes and pages call it). Starting pins the
 * published version; opening checks the page's token; recording a step is durable and counts
 * once per session and key. `pagePath` is where the type's page lives for a session.
 */
export function createFlowSessions<C, S extends string = string>(deps: FlowSessionsDeps<S>) {
  const { type, store, flows, clock } = deps;

  const stepRow = (s: SessionRow, step: S, key: string, detail: string | null, at: string): StepRow => ({
    session_id: s.id,
    step,
    key,
    detail,
    app_id: s.app_id,
    flow_id: s.flow_id,
    version_number: s.version_number,
    created_at: at,
  });

  /** Records steps of one request durably (one group commit); false for each the session already had. */
  async function recordAll(s: SessionRow, steps: readonly { step: S; key?: string; detail?: string | null }[]): Promise<boolean[]> {
    const at = clock.now().toISOString();
    const rows = steps.map((x) => stepRow(s, x.step, x.key ?? '', x.detail ?? null, at));
    const done = deps.completed;
    return Promise.all(
      rows.map(async (row) => {
        const event = done && row.step === done.step ? await done.event(s, row, rows.filter((r) => r !== row)) : null;
        const converted = deps.converts?.(row) ? await flows.conversionMetric(s.flow_id, s.version_number, s.created_at) : null;
        return store.insertStep({ ...row, flow_type: type, converted }, event);
      }),
    );
  }

  async function start(body: StartRequest, client: ClientInfo, source: 'sdk' | 'web') {
    // 404 for an unknown app or no published flow: the SDK then falls back (subscription screen, organic onboarding).
    const p = await flows.publicFlow(body.appSlug, type, body.flowSlug);
    // While an experiment runs, this person's variant (sticky by id or address); the session pins it.
    const pick = await flows.pickVersion(p, { userId: body.userId, anonymousId: body.anonymousId, ipHash: client.ipHash });
    const id = rowId();
    const token = randomString(24);
    await store.insertSession({
      id,
      app_id: p.app.id,
      flow_id: p.flow.id,
      flow_type: type,
      version_id: pick?.versionId ?? p.flow.current_version_id!,
      version_number: pick?.versionNumber ?? p.versionNumber,
      token,
      source,
      platform: body.platform,
      user_id: body.userId ?? null,
      anonymous_id: body.anonymousId ?? null,
      locale: body.locale ?? null,
      app_version: body.appVersion ?? null,
      attributes_json: body.attributes && Object.keys(body.attributes).length ? JSON.stringify(body.attributes) : null,
      country: client.country,
      created_at: clock.now().toISOString(),
      exposed: pick?.exposed,
    });
    return { sessionId: id, token, flowUrl: `${deps.webUrl}${deps.pagePath(p.app.slug, id, token)}`, appSlug: p.app.slug };
  }

  return {
    /** POST /api/public/<…>/sessions (the SDK). */
    start: (body: StartRequest, client: ClientInfo) => start(body, client, 'sdk').then(({ appSlug: _, ...r }) => r),

    /** The page opened without a session (a web link): a web session. */
    startWeb: (appSlug: string, flowSlug: string | undefined, client: ClientInfo) => start({ appSlug, flowSlug, platform: 'web' }, client, 'web'),

    /** Path of a session's page (relative to WEB_URL). */
    pagePath: deps.pagePath,

    /** The session behind a page URL; 404 unless it is this type's, of this app, and the token matches. */
    async open(appSlug: string, id: string, token: string | undefined): Promise<OpenFlowSession<C>> {
      const gone = () => notFound('This session does not exist or has expired');
      if (!token || token.length > 64 || !/^[A-Za-z0-9]+$/.test(id) || id.length > 64) throw gone();
      const row = await store.session(id);
      if (!row || row.app_slug !== appSlug || row.flow_type !== type) throw gone();
      const [a, b] = [Buffer.from(row.token), Buffer.from(token)];
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw gone();
      const version = await flows.version(row.app_id, row.version_id);
      if (!version) throw gone();
      const { app_slug, app_name, deep_link_scheme, logo_url, app_locale, accent_color, theme, ...session } = row;
      return {
        session,
        app: { slug: app_slug, name: app_name, deepLinkScheme: deep_link_scheme, logoUrl: logo_url, accentColor: accent_color, theme: asTheme(theme) },
        config: flows.withAppLocale(type, version.config as C, app_locale),
      };
    },

    /** Records a step durably; false when the session already has it (a reload counts once). */
    record(s: SessionRow, step: S, key = '', detail: string | null = null): Promise<boolean> {
      return recordAll(s, [{ step, key, detail }]).then(([stored]) => stored);
    },

    recordAll,
  };
}
export type FlowSessions<C, S extends string = string> = ReturnType<typeof createFlowSessions<C, S>>;
