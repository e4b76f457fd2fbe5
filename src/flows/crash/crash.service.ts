import type { AppRow } from '../../apps/apps.store.js';
import type { Clock } from '../../kernel/clock.js';
import { csvStream } from '../../kernel/csv.js';
import { notFound } from '../../kernel/errors.js';
import type { PublishedLookup } from '../../kernel/flows/flows.service.js';
import { afterFromCursor, allPages, pageRows, type After } from '../../kernel/keyset.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { decodeCursor, pageOf } from '../../kernel/pagination.js';
import { rowId } from '../../db/row-id.js';
import { rejectField } from '../forms/forms.kind.js';
import { publicEnvelope } from '../forms/forms.envelope.js';
import { crashFingerprint, deviceKey } from './crash.fingerprint.js';
import { clampAttachments, clip, type Clamp } from './crash.clamp.js';
import { CRASH_CSV_COLUMNS, toCrashGroup, toCrashRow } from './crash.rows.js';
import { CRASH_LIMITS, type CrashBody, type CrashConfig, type CrashStatus } from './crash.schema.js';
import type { CrashStore } from './crash.store.js';
import type { Events } from '../../kernel/events/events.js';
import { CRASH_REPORTED, type CrashReportedData } from './crash.events.js';

/** The owner list's and export's filters. */
type Filters = { status?: string; fingerprint?: string; q?: string };

/** Repeats of one crash from one device within this window are counted on the first report. */
export const FOLD_WINDOW_MS = 60 * 60 * 1000;

export function createCrashService(deps: { store: CrashStore; published: PublishedLookup; clock: Clock; events: Events }) {
  const { store, clock, events } = deps;
  const published = (appSlug: string, flowSlug?: string) => deps.published(appSlug, 'crash', flowSlug);
  const fetchPage = (app: AppRow, f: Filters) => (after: After | undefined, limit: number) =>
    store.page(app.id, { after, limit, status: f.status, fingerprint: f.fingerprint, q: f.q });

  return {
    published,

    async envelope(appSlug: string, flowSlug?: string) {
      return publicEnvelope(await published(appSlug, flowSlug));
    },

    /** Stores (or folds) a report against the published config. A filled honeypot is answered alike and stores nothing. */
    async submit(body: CrashBody, client: ClientInfo) {
      const p = await published(body.appSlug, body.flowSlug);
      const config = p.config as CrashConfig;
      const auto = body.source === 'sdk_auto';
      if (!auto && config.emailField?.enabled && config.emailField.required && !body.email) throw rejectField('email', 'is required');

      const clamps: Clamp[] = [];
      const message = clip(body.message, CRASH_LIMITS.message, 'message', clamps);
      const exceptionName = clip(body.exceptionName, CRASH_LIMITS.exceptionName, 'exceptionName', clamps);
      const exceptionReason = clip(body.exceptionReason, CRASH_LIMITS.exceptionReason, 'exceptionReason', clamps);
      const stackTrace = clip(body.stackTrace, CRASH_LIMITS.stackTrace, 'stackTrace', clamps);
      const short = (k: 'platform' | 'osVersion' | 'deviceModel' | 'appVersion' | 'buildNumber') => clip(body[k], CRASH_LIMITS.short, k, clamps);
      const platform = short('platform');
      const osVersion = short('osVersion');
      const deviceModel = short('deviceModel');
      const appVersion = short('appVersion');
      const buildNumber = short('buildNumber');
      // A form post sends the log box's line breaks as CRLF (HTML's rule); the log is kept with LF, as the SDK's are.
      const items = [...(body.log ? [{ name: 'log.txt', content: body.log.replace(/\r\n?/g, '\n') }] : []), ...(body.attachments ?? [])];
      const attachments = clampAttachments(items, clamps);
      // Clamps name the body's own keys: the log is `/log`, the SDK's attachments keep their indexes.
      if (body.log) for (const c of clamps) c.path = c.path.replace(/^\/attachments\/0\/content$/, '/log').replace(/^\/attachments\/(\d+)/, (_, i) => `/attachments/${Number(i) - 1}`);

      const now = clock.now();
      const id = rowId(now.getTime());
      const { fingerprint, frames } = crashFingerprint({ appVersion, exceptionName, stackTrace });
      if (body.website) return { ok: true as const, id, fingerprint, folded: false, occurrences: 1, groupCount: null, clamped: clamps };

      const createdAt = now.toISOString();
      const device = auto && fingerprint ? deviceKey(client.ipHash, { platform, deviceModel, osVersion, buildNumber }) : null;
      const outcome = await store.record({
        row: {
          id,
          app_id: p.app.id,
          flow_id: p.flow.id,
          group_id: null,
          fingerprint,
          device_key: device,
          status: 'new',
          reviewed_at: null,
          message,
          exception_name: exceptionName,
          exception_reason: exceptionReason,
          stack_trace: stackTrace,
          platform,
          os_version: osVersion,
          device_model: deviceModel,
          app_version: appVersion,
          build_number: buildNumber,
          crashed_at: body.crashedAt ?? null,
          metadata_json: body.metadata && Object.keys(body.metadata).length ? JSON.stringify(body.metadata) : null,
          attachments_json: attachments.length ? JSON.stringify(attachments) : null,
          email: body.email ?? null,
          source: body.source || null,
          country: client.country,
          user_agent: client.userAgent,
          occurrences: 1,
          last_occurred_at: createdAt,
          created_at: createdAt,
        },
        group: fingerprint ? { fingerprint, app_version: appVersion, exception_name: exceptionName, exception_reason: exceptionReason, top_frames: frames.join('\n') } : null,
        foldSince: device ? new Date(now.getTime() - FOLD_WINDOW_MS).toISOString() : null,
        // Asked in the report's transaction, for a stored report only (a folded repeat has none); null when nobody listens.
        event: (report, newGroup) =>
          events.event(p.app.id, CRASH_REPORTED, (): CrashReportedData => ({ ...toCrashRow(report), app: p.app.slug, flow: { slug: p.flow.slug, version: p.versionNumber }, newGroup }), createdAt),
      });
      return { ok: true as const, ...outcome, fingerprint, clamped: clamps };
    },

    async list(app: AppRow, q: Filters & { limit: number; cursor?: string }) {
      const rows = await fetchPage(app, q)(afterFromCursor(q.cursor), q.limit + 1);
      const { items, nextCursor } = pageRows(rows, q.limit);
      return { submissions: items.map(toCrashRow), nextCursor };
    },

    /** `new` clears reviewedAt; reviewed and resolved stamp it (each time). */
    async setStatus(app: AppRow, id: string, status: CrashStatus) {
      const reviewedAt = status === 'new' ? null : clock.now().toISOString();
      if (!(await store.setStatus(app.id, id, status, reviewedAt))) throw notFound('Crash report not found');
      const row = await store.get(app.id, id);
      if (!row) throw notFound('Crash report not found');
      return { ok: true as const, submission: toCrashRow(row) };
    },

    async groups(app: AppRow, q: { limit: number; cursor?: string }) {
      const after = decodeCursor(q.cursor, ['time', 'id'] as const);
      const rows = await store.groups(app.id, { after, limit: q.limit + 1 });
      const { items, nextCursor } = pageOf(rows, q.limit, (g) => [g.last_seen_at, g.id]);
      return { groups: items.map(toCrashGroup), nextCursor };
    },

    csv(app: AppRow, q: Filters) {
      return csvStream(CRASH_CSV_COLUMNS, allPages(fetchPage(app, q)));
    },
  };
}
export type CrashService = ReturnType<typeof createCrashService>;
