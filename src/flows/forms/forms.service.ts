import type { z } from 'zod';
import type { AppRow } from '../../apps/apps.store.js';
import type { Clock } from '../../kernel/clock.js';
import type { ClientInfo } from '../../kernel/operation.js';
import type { PublishedLookup } from '../../kernel/flows/flows.service.js';
import { publicEnvelope } from './forms.envelope.js';
import { rowId } from '../../db/row-id.js';
import { notFound } from '../../kernel/errors.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { submittedEvent, type FormKind, type SubmissionColumn, type SubmissionFields } from './forms.kind.js';
import type { Events } from '../../kernel/events/events.js';
import { afterFromCursor, allPages, pageRows, type After } from '../../kernel/keyset.js';
import type { FormStore, SubmissionRow } from './forms.store.js';

const parseJson = (s: string | null) => (s ? JSON.parse(s) : null);

/** Where a submission is in the owner's inbox (migration 0121). */
export const SUBMISSION_STATUSES = ['new', 'reviewed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The owner list's and export's filters. */
export interface Filters {
  category?: string;
  status?: SubmissionStatus;
  q?: string;
}

/** Extra columns one kind's owner list carries, loaded for a page of rows (contact `replies`). */
export interface RowExtras {
  shape: Record<string, z.ZodType>;
  load(appId: string, ids: string[]): Promise<Map<string, Record<string, unknown>>>;
}

/** Owner-facing submission: the kind's columns plus the metadata every submission has. */
export function toSubmission(kind: FormKind, r: SubmissionRow) {
  const out: Record<string, unknown> = { id: r.id };
  for (const c of kind.columns) out[c] = r[c];
  return {
    ...out,
    attributes: parseJson(r.attributes_json),
    source: r.source,
    country: r.country,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    status: r.status as SubmissionStatus,
    reviewedAt: r.reviewed_at,
  };
}

function csvColumns(kind: FormKind): CsvColumn<SubmissionRow>[] {
  const col = (c: SubmissionColumn): CsvColumn<SubmissionRow> => ({ header: c, value: (r) => r[c] });
  return [
    { header: 'id', value: (r) => r.id },
    ...kind.columns.map(col),
    { header: 'source', value: (r) => r.source },
    { header: 'country', value: (r) => r.country },
    { header: 'attributes', value: (r) => r.attributes_json },
    { header: 'createdAt', value: (r) => r.created_at },
  ];
}

/** Submissions of the hosted forms (feedback, report, contact), one service for the three kinds. */
export function createFormService(deps: { store: FormStore; published: PublishedLookup; clock: Clock; events: Events; extras?: Partial<Record<string, RowExtras>> }) {
  const { store, clock, events } = deps;

  const published = (kind: FormKind, appSlug: string, flowSlug?: string) => deps.published(appSlug, kind.flow.type, flowSlug);

  /** Owner rows with the kind's extra columns (contact `replies`). */
  const withExtras = async (app: AppRow, kind: FormKind, rows: SubmissionRow[]) => {
    const extras = deps.extras?.[kind.flow.type];
    const more = extras ? await extras.load(app.id, rows.map((r) => r.id)) : undefined;
    return rows.map((r) => ({ ...toSubmission(kind, r), ...more?.get(r.id) }));
  };

  const fetchPage = (app: AppRow, kind: FormKind, f: Filters) => (after: After | undefined, limit: number) =>
    store.page(app.id, kind.flow.type, { after, limit, category: f.category, status: f.status, q: f.q });

  return {
    published,
    /** Extra list columns per kind (forms.routes.ts adds their schemas). */
    extras: deps.extras ?? {},

    async envelope(kind: FormKind, appSlug: string, flowSlug?: string) {
      return publicEnvelope(await published(kind, appSlug, flowSlug));
    },

    /** Stores a submission checked against the published config. A filled honeypot is answered alike but stores nothing. */
    async submit(kind: FormKind, body: SubmissionFields & { appSlug: string; flowSlug?: string; source?: string; website?: string }, client: ClientInfo) {
      const p = await published(kind, body.appSlug, body.flowSlug);
      const fields = kind.check(body, p.config);
      const id = rowId();
      if (body.website) return { ok: true as const, id };
      const row: SubmissionRow = {
        id,
        app_id: p.app.id,
        flow_id: p.flow.id,
        type: kind.flow.type,
        message: fields.message ?? null,
        rating: fields.rating ?? null,
        category: fields.category ?? null,
        name: fields.name ?? null,
        email: fields.email ?? null,
        attributes_json: fields.attributes && Object.keys(fields.attributes).length ? JSON.stringify(fields.attributes) : null,
        source: body.source || null,
        country: client.country,
        user_agent: client.userAgent,
        created_at: clock.now().toISOString(),
        status: 'new',
        reviewed_at: null,
      };
      // Asked in the row's transaction; null (and nothing built) when nobody listens.
      const event = () =>
        events.event(p.app.id, submittedEvent(kind), () => ({ ...toSubmission(kind, row), app: p.app.slug, flow: { slug: p.flow.slug, version: p.versionNumber } }), row.created_at);
      await store.insert(row, event);
      return { ok: true as const, id };
    },

    async list(app: AppRow, kind: FormKind, q: Filters & { limit: number; cursor?: string }) {
      const rows = await fetchPage(app, kind, q)(afterFromCursor(q.cursor), q.limit + 1);
      const { items, nextCursor } = pageRows(rows, q.limit);
      return { submissions: await withExtras(app, kind, items), nextCursor };
    },

    /** `new` clears reviewedAt; `reviewed` stamps it (each time), as crash reports do. */
    async setStatus(app: AppRow, kind: FormKind, id: string, status: SubmissionStatus) {
      const reviewedAt = status === 'new' ? null : clock.now().toISOString();
      if (!(await store.setStatus(app.id, kind.flow.type, id, status, reviewedAt))) throw notFound('Submission not found');
      const row = await store.get(app.id, kind.flow.type, id);
      if (!row) throw notFound('Submission not found');
      return { ok: true as const, submission: (await withExtras(app, kind, [row]))[0] };
    },

    csv(app: AppRow, kind: FormKind, q: Filters) {
      return csvStream(csvColumns(kind), allPages(fetchPage(app, kind, q)));
    },
  };
}
export type FormService = ReturnType<typeof createFormService>;
