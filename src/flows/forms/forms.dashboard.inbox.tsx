import type { FastifyReply } from 'fastify';
import type { ComponentChildren } from 'preact';
import { Csrf, formatTime } from '../../admin/admin.views.js';
import type { TextResult } from '../../kernel/operation.js';
import { firstValue } from '../../kernel/first-value.js';

/**
 * Pieces every owner inbox shares (feedback, report, contact, crash reports): the filter bar,
 * the pager over the API's cursors, status badges and one-click status forms. Everything is a
 * link or a plain form, so the inbox works without JavaScript.
 */

/** The list query the inbox passes to the API as is (the operation validates it). */
export interface InboxQuery {
  q?: string;
  status?: string;
  category?: string;
  cursor?: string;
}
const KEYS = ['q', 'status', 'category', 'cursor'] as const;

const first = firstValue;

/** The known keys of a query string or parsed query: anything else (and empty values) dropped. */
export function readQuery(raw: unknown): InboxQuery {
  const src: Record<string, unknown> = typeof raw === 'string' ? Object.fromEntries(new URLSearchParams(raw)) : ((raw as Record<string, unknown>) ?? {});
  const out: InboxQuery = {};
  for (const k of KEYS) {
    const v = first(src[k]);
    if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

/** A query string of these filters (`cursor` only when asked for). */
export function queryString(q: InboxQuery, withCursor = true): string {
  const p = new URLSearchParams();
  for (const k of KEYS) if (q[k] && (withCursor || k !== 'cursor')) p.set(k, q[k]!);
  return p.toString();
}

export const withQuery = (path: string, qs: string) => (qs ? `${path}?${qs}` : path);

/** Where a status form goes back to: the list it was on, filters and page kept, nothing else. */
export const backTo = (list: string, back: unknown, extra: Record<string, string> = {}) => {
  const qs = new URLSearchParams(queryString(readQuery(typeof back === 'string' ? back : '')));
  for (const [k, v] of Object.entries(extra)) qs.set(k, v);
  return withQuery(list, qs.toString());
};

/** The API's own CSV export (a streamed text result), sent as a download. */
export function sendCsv(reply: FastifyReply, r: TextResult) {
  reply.code(200).type(r.contentType).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  if (r.filename) reply.header('content-disposition', `attachment; filename="${r.filename}"`);
  return reply.send(r.body);
}

export const excerpt = (s: string | null | undefined, n = 280) => (!s ? '' : s.length > n ? `${s.slice(0, n).trimEnd()}…` : s);

/** A message: its start, and the rest behind a disclosure when it is long. */
export function Message(p: { text: string | null | undefined; n?: number }) {
  if (!p.text) return <p class="muted">No message.</p>;
  const short = excerpt(p.text, p.n);
  return (
    <div class="msg">
      <p>{short}</p>
      {short !== p.text ? (
        <details>
          <summary>Full message</summary>
          <p>{p.text}</p>
        </details>
      ) : null}
    </div>
  );
}

export function Stars({ rating }: { rating: number | null | undefined }) {
  if (!rating) return null;
  return (
    <span class="stars">
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating))}</span>
      <span class="visually-hidden">{`${rating} of 5 stars`}</span>
    </span>
  );
}

export const STATUS_LABELS: Record<string, string> = { new: 'New', reviewed: 'Reviewed', resolved: 'Resolved' };

export const StatusBadge = ({ status }: { status: string }) => <span class={`badge status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;

/** One-click status change: a POST with the CSRF token and the list's query to go back to. */
export function StatusButton(p: { action: string; csrf: string; back: string; status: string; label: string; what: string; secondary?: boolean }) {
  return (
    <form method="post" action={p.action} class="inline">
      <Csrf token={p.csrf} />
      <input type="hidden" name="status" value={p.status} />
      <input type="hidden" name="back" value={p.back} />
      <button type="submit" class={p.secondary ? 'small secondary' : 'small'} aria-label={`${p.label}: ${p.what}`}>
        {p.label}
      </button>
    </form>
  );
}

/** Search box, status (and category) selects, and the CSV download of what the filters keep. */
export function FilterBar(p: { action: string; query: InboxQuery; statuses: readonly string[]; categories?: { id: string; label: string }[]; csvHref: string; noun: string; placeholder?: string }) {
  const cats = p.categories ? [...p.categories] : undefined;
  if (cats && p.query.category && !cats.some((c) => c.id === p.query.category)) cats.push({ id: p.query.category, label: p.query.category });
  return (
    <section class="card inbox-filter" aria-label="Filter">
      <form method="get" action={p.action} class="row" role="search">
        <div class="field grow">
          <label for="f-q">Search</label>
          <input id="f-q" name="q" type="search" value={p.query.q ?? ''} maxLength={200} placeholder={p.placeholder ?? 'Words, name or email'} />
        </div>
        <div class="field">
          <label for="f-status">Status</label>
          <select id="f-status" name="status">
            <option value="">Any status</option>
            {p.statuses.map((s) => (
              <option value={s} selected={p.query.status === s}>
                {STATUS_LABELS[s] ?? s}
              </option>
            ))}
          </select>
        </div>
        {cats ? (
          <div class="field">
            <label for="f-category">Category</label>
            <select id="f-category" name="category">
              <option value="">Any category</option>
              {cats.map((c) => (
                <option value={c.id} selected={p.query.category === c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="actions">
          <button type="submit">Filter</button>
          {queryString(p.query, false) ? (
            <a class="button secondary" href={p.action}>
              Clear
            </a>
          ) : null}
        </div>
      </form>
      <p class="small">
        <a href={p.csvHref} download>
          Download CSV
        </a>{' '}
        <span class="muted">({queryString(p.query, false) ? `the ${p.noun} these filters keep` : `all ${p.noun}`}, newest first)</span>
      </p>
    </section>
  );
}

/** Newest / older pages over the API's cursor: plain links. */
export function Pager(p: { list: string; query: InboxQuery; nextCursor: string | null }) {
  if (!p.query.cursor && !p.nextCursor) return null;
  return (
    <nav class="pager inbox-pager" aria-label="Pages">
      {p.query.cursor ? <a href={withQuery(p.list, queryString(p.query, false))}>← Newest</a> : <span />}
      {p.nextCursor ? <a href={withQuery(p.list, queryString({ ...p.query, cursor: p.nextCursor }))}>Older →</a> : null}
    </nav>
  );
}

/** Date, country and source of an item: one muted line. */
export function Meta(p: { createdAt: string; country?: string | null; source?: string | null; children?: ComponentChildren }) {
  return (
    <p class="meta muted small">
      <time datetime={p.createdAt}>{formatTime(p.createdAt)}</time>
      {p.country ? ` · ${p.country}` : ''}
      {p.source ? ` · via ${p.source}` : ''}
      {p.children}
    </p>
  );
}
