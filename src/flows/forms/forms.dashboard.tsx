import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { sendAdmin } from '../../admin/admin.http.js';
import { fieldErrors } from '../../admin/admin.ops.js';
import { Alert, Csrf, Field, formatTime } from '../../admin/admin.views.js';
import type { App } from '../../apps/apps.schema.js';
import { AppError } from '../../kernel/errors.js';
import type { DashboardContext, DashboardSection } from '../../kernel/module.js';
import type { TextResult } from '../../kernel/operation.js';
import { backTo, FilterBar, Message, Meta, Pager, queryString, readQuery, sendCsv, Stars, StatusBadge, StatusButton, withQuery, type InboxQuery } from './forms.dashboard.inbox.js';
import type { FormKind } from './forms.kind.js';
import { SUBMISSION_STATUSES } from './forms.service.js';
import { formField, type FormBody } from '../../kernel/first-value.js';

/** The owner's inboxes of feedback, reports and contact messages: /admin/apps/:app/<type>. */

export const FORM_SECTIONS: DashboardSection[] = [
  { path: 'feedback', label: 'Feedback' },
  { path: 'report', label: 'Reports' },
  { path: 'contact', label: 'Contact' },
];
const TITLES: Record<string, { title: string; noun: string; one: string }> = {
  feedback: { title: 'Feedback', noun: 'feedback entries', one: 'feedback' },
  report: { title: 'Reports', noun: 'reports', one: 'report' },
  contact: { title: 'Contact messages', noun: 'messages', one: 'message' },
};
const PAGE_SIZE = 25;

interface Reply {
  id: string;
  to: string;
  subject: string;
  status: string;
  error: string | null;
  createdAt: string;
}
interface Submission {
  id: string;
  message?: string | null;
  rating?: number | null;
  category?: string | null;
  name?: string | null;
  email?: string | null;
  attributes: Record<string, unknown> | null;
  source: string | null;
  country: string | null;
  createdAt: string;
  status: string;
  reviewedAt: string | null;
  replies?: Reply[];
}

/** A reply form that was refused: shown again under its message with what was typed. */
interface ReplyDraft {
  id: string;
  subject: string;
  body: string;
  errors: Record<string, string>;
  error?: string;
}

interface PageProps {
  owner: { email: string; csrf: string };
  app: App;
  sections: DashboardSection[];
  kind: FormKind;
  query: InboxQuery;
  submissions: Submission[];
  nextCursor: string | null;
  categories?: { id: string; label: string }[];
  notice?: string;
  error?: string;
  draft?: ReplyDraft;
}

const NOTICES: Record<string, string> = { reviewed: 'Marked reviewed.', new: 'Marked new.', replied: 'Reply sent.', logged: 'Reply written to the server log (no SMTP server is set up).' };

function InboxPage(p: PageProps) {
  const t = p.kind.flow.type;
  const list = `/admin/apps/${encodeURIComponent(p.app.slug)}/${t}`;
  const back = queryString(p.query);
  const { title, noun } = TITLES[t];
  const filtered = !!queryString(p.query, false);
  return (
    <AppShell title={title} owner={p.owner} app={p.app} sections={p.sections} current={t}>
      <div class="titlebar">
        <h1>{title}</h1>
        <p class="muted small">Newest first</p>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      <FilterBar action={list} query={p.query} statuses={SUBMISSION_STATUSES} categories={p.categories} csvHref={withQuery(`${list}/export.csv`, queryString(p.query, false))} noun={noun} />
      {p.submissions.length === 0 ? (
        <section class="card">
          <p>{filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}</p>
        </section>
      ) : (
        <ul class="inbox" aria-label={title}>
          {p.submissions.map((s) => (
            <Item {...p} s={s} list={list} back={back} />
          ))}
        </ul>
      )}
      <Pager list={list} query={p.query} nextCursor={p.nextCursor} />
    </AppShell>
  );
}

function Item(p: PageProps & { s: Submission; list: string; back: string }) {
  const { s } = p;
  const who = [s.name, s.email].filter(Boolean).join(' · ');
  const what = `${TITLES[p.kind.flow.type].one} from ${formatTime(s.createdAt)}`;
  const category = s.category ? (p.categories?.find((c) => c.id === s.category)?.label ?? s.category) : null;
  return (
    <li class="card inbox-item" id={`s-${s.id}`}>
      <div class="inbox-head">
        <StatusBadge status={s.status} />
        {category ? <span class="badge">{category}</span> : null}
        <Stars rating={s.rating} />
      </div>
      <Message text={s.message} />
      {who ? (
        <p class="who">
          {s.name ? <span>{s.name}</span> : null}
          {s.name && s.email ? ' · ' : ''}
          {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : null}
        </p>
      ) : null}
      {s.attributes && Object.keys(s.attributes).length ? (
        <dl class="attrs small">
          {Object.entries(s.attributes).map(([k, v]) => (
            <div>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Meta createdAt={s.createdAt} country={s.country} source={s.source} />
      <div class="actions">
        {s.status === 'new' ? (
          <StatusButton action={`${p.list}/${encodeURIComponent(s.id)}/status`} csrf={p.owner.csrf} back={p.back} status="reviewed" label="Mark reviewed" what={what} />
        ) : (
          <StatusButton action={`${p.list}/${encodeURIComponent(s.id)}/status`} csrf={p.owner.csrf} back={p.back} status="new" label="Mark new" what={what} secondary />
        )}
      </div>
      {s.replies ? <Replies {...p} /> : null}
    </li>
  );
}

function Replies(p: PageProps & { s: Submission; list: string; back: string }) {
  const { s } = p;
  const draft = p.draft?.id === s.id ? p.draft : undefined;
  const id = (f: string) => `r-${s.id}-${f}`;
  return (
    <div class="replies">
      {s.replies!.length ? (
        <ul class="reply-list small" aria-label="Replies">
          {s.replies!.map((r) => (
            <li>
              <strong>{r.subject}</strong> <span class="muted">to {r.to} · {formatTime(r.createdAt)}</span> <span class={r.status === 'failed' ? 'badge off' : 'badge'}>{r.status}</span>
              {r.error ? <span class="error"> {r.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {s.email ? (
        <details open={!!draft}>
          <summary>Reply by email</summary>
          <form method="post" action={`${p.list}/${encodeURIComponent(s.id)}/reply`} class="stack">
            <Csrf token={p.owner.csrf} />
            <input type="hidden" name="back" value={p.back} />
            {draft?.error ? <Alert kind="error">{draft.error}</Alert> : null}
            <Field id={id('subject')} name="subject" label="Subject" value={draft ? draft.subject : `Re: your message to ${p.app.name}`} error={draft?.errors.subject} required />
            <Field id={id('body')} name="body" label="Message" value={draft?.body} error={draft?.errors.body} multiline rows={5} required />
            <div class="actions">
              <button type="submit">Send reply to {s.email}</button>
            </div>
          </form>
        </details>
      ) : (
        <p class="muted small">No email address given: no reply possible.</p>
      )}
    </div>
  );
}

type Params = { app: string; id?: string };
const field = formField;

/** The app's report categories (published, then draft-only ones) for the category select. */
async function reportCategories(d: DashboardContext, request: FastifyRequest, appId: string) {
  try {
    const f = await d.call<{ draft?: { config?: { categories?: { id: string; label: string }[] } }; published?: { config?: { categories?: { id: string; label: string }[] } } | null }>(
      request,
      'GET',
      '/api/v1/apps/:idOrSlug/flows/report',
      { params: { idOrSlug: appId } },
    );
    const all = [...(f.published?.config?.categories ?? []), ...(f.draft?.config?.categories ?? [])];
    return all.filter((c, i) => all.findIndex((x) => x.id === c.id) === i).map((c) => ({ id: c.id, label: c.label }));
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return [];
    throw e;
  }
}

export function registerFormInboxes(scope: FastifyInstance, d: DashboardContext, kinds: FormKind[]) {
  for (const kind of kinds) {
    const t = kind.flow.type;
    const api = `/api/v1/apps/:idOrSlug/${t}/submissions`;

    /** Renders the inbox; a list query the API refuses (a bad cursor or status) shows its error over an empty list. */
    const render = async (request: FastifyRequest, reply: FastifyReply, query: InboxQuery, extra: { notice?: string; error?: string; draft?: ReplyDraft; status?: number } = {}) => {
      const idOrSlug = (request.params as Params).app;
      const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
      let page: { submissions: Submission[]; nextCursor: string | null } = { submissions: [], nextCursor: null };
      let error = extra.error;
      let status = extra.status;
      try {
        page = await d.call(request, 'GET', api, { params: { idOrSlug: app.id }, query: { ...query, limit: String(PAGE_SIZE) } });
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 400) throw e;
        error = `These filters were refused: ${e.message}`;
        status ??= 400;
      }
      const categories = kind.categoryFilter ? await reportCategories(d, request, app.id) : undefined;
      return sendAdmin(reply, InboxPage({ owner: d.owner(request), app, sections: d.sections, kind, query, ...page, categories, notice: extra.notice, error, draft: extra.draft }), { status });
    };

    scope.get(`/admin/apps/:app/${t}`, { schema: { hide: true } }, async (request, reply) => {
      const done = (request.query as { done?: string }).done;
      return render(request, reply, readQuery(request.query), { notice: done ? NOTICES[done] : undefined });
    });

    scope.get(`/admin/apps/:app/${t}/export.csv`, { schema: { hide: true } }, async (request, reply) => {
      const { cursor: _, ...filters } = readQuery(request.query);
      const r = await d.call<TextResult>(request, 'GET', `${api}.csv`, { params: { idOrSlug: (request.params as Params).app }, query: filters });
      return sendCsv(reply, r);
    });

    scope.post(`/admin/apps/:app/${t}/:id/status`, { schema: { hide: true } }, async (request, reply) => {
      const { app: idOrSlug, id } = request.params as Params;
      const body = request.body as FormBody;
      const query = readQuery(field(body, 'back'));
      try {
        const status = field(body, 'status');
        await d.call(request, 'PATCH', `${api}/:submissionId`, { params: { idOrSlug, submissionId: id }, body: { status } });
        return reply.redirect(backTo(`/admin/apps/${encodeURIComponent(idOrSlug)}/${t}`, field(body, 'back'), { done: status }), 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
        return render(request, reply, query, { error: `Not changed: ${e.message}`, status: e.status });
      }
    });

    if (t === 'contact') {
      scope.post(`/admin/apps/:app/contact/:id/reply`, { schema: { hide: true } }, async (request, reply) => {
        const { app: idOrSlug, id } = request.params as Params;
        const body = request.body as FormBody;
        const input = { subject: field(body, 'subject'), body: field(body, 'body') };
        try {
          const r = await d.call<{ mode: string }>(request, 'POST', `${api}/:submissionId/reply`, { params: { idOrSlug, submissionId: id }, body: input });
          return reply.redirect(backTo(`/admin/apps/${encodeURIComponent(idOrSlug)}/contact`, field(body, 'back'), { done: r.mode === 'smtp' ? 'replied' : 'logged' }), 303);
        } catch (e) {
          if (!(e instanceof AppError) || e.status === 404 || (e.status >= 500 && e.status !== 502)) throw e;
          const f = fieldErrors(e, ['subject', 'body']);
          const draft: ReplyDraft = { id: id!, ...input, errors: f.errors, error: f.error };
          return render(request, reply, readQuery(field(body, 'back')), { error: e.status === 502 ? `The reply was not sent: ${e.message}` : 'The reply was not sent: see the form below.', draft, status: e.status });
        }
      });
    }
  }
}
