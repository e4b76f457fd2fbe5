import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import { notFound } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { randomString } from '../../kernel/ids.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { rowId } from '../../kernel/row-id.js';
import type { StartRequest } from './cancel.runtime.schema.js';
import type { CancelConfig } from './cancel.schema.js';
import type { CancelStore, SessionRow } from './cancel.store.js';

/** Steps a page records, once per session and key. */
export type Step = 'opened' | 'reason' | 'response' | 'click' | 'thanks' | 'exit';

/** A session as its page sees it: the row, its app, and the config of the version it pinned. */
export interface OpenSession {
  session: SessionRow;
  app: { slug: string; name: string; deepLinkScheme: string | null; logoUrl: string | null };
  config: CancelConfig;
}

const sessionUrl = (webUrl: string, appSlug: string, id: string, token: string) =>
  `${webUrl}/cancel/${encodeURIComponent(appSlug)}/s/${id}?t=${token}`;

/** Starting, opening and recording cancel sessions (no HTTP here: routes and pages call it). */
export function createCancelSessions(deps: { store: CancelStore; flows: FlowService; clock: Clock; webUrl: string }) {
  const { store, flows, clock } = deps;

  async function start(body: StartRequest, client: ClientInfo, source: 'sdk' | 'web') {
    // 404 for an unknown app or no published cancel flow: the SDK then opens the subscription screen.
    const p = await flows.publicFlow(body.appSlug, 'cancel', body.flowSlug);
    const id = rowId();
    const token = randomString(24);
    await store.insertSession({
      id,
      app_id: p.app.id,
      flow_id: p.flow.id,
      version_id: p.flow.current_version_id!,
      version_number: p.versionNumber,
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
    });
    return { sessionId: id, token, flowUrl: sessionUrl(deps.webUrl, p.app.slug, id, token), appSlug: p.app.slug };
  }

  return {
    /** POST /api/public/sessions (the SDK). */
    start: (body: StartRequest, client: ClientInfo) => start(body, client, 'sdk').then(({ appSlug: _, ...r }) => r),

    /** The page opened without a session (a web link, a preview of the live flow): a web session. */
    startWeb: (appSlug: string, flowSlug: string | undefined, client: ClientInfo) => start({ appSlug, flowSlug, platform: 'web' }, client, 'web'),

    /** Path of a session's page (relative to WEB_URL). */
    pagePath: (appSlug: string, id: string, token: string) => sessionUrl('', appSlug, id, token),

    /** The session behind a page URL; 404 unless the token matches (ids appear in deep links and lists). */
    async open(appSlug: string, id: string, token: string | undefined): Promise<OpenSession> {
      const gone = () => notFound('This cancel session does not exist or has expired');
      if (!token || token.length > 64 || !/^[A-Za-z0-9]+$/.test(id) || id.length > 64) throw gone();
      const row = await store.session(id);
      if (!row || row.app_slug !== appSlug) throw gone();
      const [a, b] = [Buffer.from(row.token), Buffer.from(token)];
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw gone();
      const version = await flows.version(row.app_id, row.version_id);
      if (!version) throw gone();
      const { app_slug, app_name, deep_link_scheme, logo_url, ...session } = row;
      return {
        session,
        app: { slug: app_slug, name: app_name, deepLinkScheme: deep_link_scheme, logoUrl: logo_url },
        config: version.config as CancelConfig,
      };
    },

    /** Records a step durably; false when the session already has it (a reload counts once). */
    record(s: SessionRow, step: Step, key = '', detail: string | null = null): Promise<boolean> {
      return store.insertStep({
        session_id: s.id,
        step,
        key,
        detail,
        app_id: s.app_id,
        flow_id: s.flow_id,
        version_number: s.version_number,
        created_at: clock.now().toISOString(),
      });
    },
  };
}
export type CancelSessions = ReturnType<typeof createCancelSessions>;
