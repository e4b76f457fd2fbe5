import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppShell } from '../../admin/admin.app-shell.js';
import { sendAdmin } from '../../admin/admin.http.js';
import { Alert, formatTime } from '../../admin/admin.views.js';
import type { App } from '../../apps/apps.schema.js';
import { AppError } from '../../kernel/errors.js';
import type { DashboardContext, DashboardSection } from '../../kernel/module.js';
import type { TextResult } from '../../kernel/operation.js';
import { backTo, FilterBar, Message, Meta, Pager, queryString, readQuery, sendCsv, STATUS_LABELS, StatusBadge, StatusButton, withQuery, type InboxQuery } from '../forms/forms.dashboard.inbox.js';
import { CRASH_STATUSES, type CrashRowOut } from './crash.schema.js';
import { formField, type FormBody } from '../../kernel/first-value.js';

/** The owner's crash report inbox: /admin/apps/:app/crash. */

export const CRASH_SECTION: DashboardSection = { path: 'crash', label: 'Crash reports' };
const PAGE_SIZE = 25;
const API = '/api/v1/apps/:idOrSlug/crash/submissions';

interface PageProps {
  owner: { email: string; csrf: string };
  app: App;
  sections: DashboardSection[];
  query: InboxQuery;
  submissions: CrashRowOut[];
  nextCursor: string | null;
  notice?: string;
  error?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function CrashPage(p: PageProps) {
  const list = `/admin/apps/${encodeURIComponent(p.app.slug)}/crash`;
  const back = queryString(p.query);
  const filtered = !!queryString(p.query, false);
  return (
    <AppShell title="Crash reports" owner={p.owner} app={p.app} sections={p.sections} current="crash">
      <div class="titlebar">
        <h1>Crash reports</h1>
        <p class="muted small">Newest first</p>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      <FilterBar action={list} query={p.query} statuses={CRASH_STATUSES} csvHref={withQuery(`${list}/export.csv`, queryString(p.query, false))} noun="crash reports" placeholder="Words, exception, email or version" />
      {p.submissions.length === 0 ? (
        <section class="card">
          <p>{filtered ? 'No crash reports match these filters.' : 'No crash reports yet.'}</p>
        </section>
      ) : (
        <ul class="inbox" aria-label="Crash reports">
          {p.submissions.map((s) => (
            <Item s={s} list={list} back={back} csrf={p.owner.csrf} />
          ))}
        </ul>
      )}
      <Pager list={list} query={p.query} nextCursor={p.nextCursor} />
    </AppShell>
  );
}

function Item(p: { s: CrashRowOut; list: string; back: string; csrf: string }) {
  const { s } = p;
  const title = s.exceptionName ?? 'Crash report';
  const what = `${title} from ${formatTime(s.createdAt)}`;
  const device = [s.platform, s.osVersion, s.deviceModel].filter(Boolean).join(' ');
  const version = s.appVersion ? `v${s.appVersion}${s.buildNumber ? ` (${s.buildNumber})` : ''}` : null;
  const action = `${p.list}/${encodeURIComponent(s.id)}/status`;
  return (
    <li class="card inbox-item" id={`s-${s.id}`}>
      <div class="inbox-head">
        <StatusBadge status={s.status} />
        {s.occurrences > 1 ? <span class="badge">{plural(s.occurrences, 'time')} from this device</span> : null}
        {s.groupCount && s.groupCount > 1 ? <span class="badge">{plural(s.groupCount, 'report')} of this crash</span> : null}
      </div>
      <h2 class={s.exceptionName ? 'crash-title mono' : 'crash-title'}>
        {title}
        {s.exceptionReason ? <span class="muted">: {s.exceptionReason.slice(0, 200)}</span> : null}
      </h2>
      <Message text={s.message} />
      {device || version ? <p class="small">{[version, device].filter(Boolean).join(' · ')}</p> : null}
      {s.email ? (
        <p class="who">
          <a href={`mailto:${s.email}`}>{s.email}</a>
        </p>
      ) : null}
      {s.stackTrace ? (
        <details>
          <summary>Stack trace</summary>
          <pre class="trace">{s.stackTrace}</pre>
        </details>
      ) : null}
      {s.attachments.length ? (
        <details>
          <summary>{plural(s.attachments.length, 'attachment')}</summary>
          {s.attachments.map((a) => (
            <>
              <p class="mono small">{a.name}</p>
              <pre class="trace">{a.content}</pre>
            </>
          ))}
        </details>
      ) : null}
      <Meta createdAt={s.createdAt} country={s.country} source={s.source}>
        {s.reviewedAt ? ` · ${STATUS_LABELS[s.status].toLowerCase()} ${formatTime(s.reviewedAt)}` : ''}
      </Meta>
      <div class="actions">
        {s.status !== 'reviewed' && s.status !== 'resolved' ? <StatusButton action={action} csrf={p.csrf} back={p.back} status="reviewed" label="Mark reviewed" what={what} /> : null}
        {s.status !== 'resolved' ? <StatusButton action={action} csrf={p.csrf} back={p.back} status="resolved" label="Mark resolved" what={what} secondary /> : null}
        {s.status !== 'new' ? <StatusButton action={action} csrf={p.csrf} back={p.back} status="new" label="Mark new" what={what} secondary /> : null}
      </div>
    </li>
  );
}

type Params = { app: string; id?: string };
const field = formField;
const NOTICES: Record<string, string> = { reviewed: 'Marked reviewed.', resolved: 'Marked resolved.', new: 'Marked new.' };

export function registerCrashInbox(scope: FastifyInstance, d: DashboardContext) {
  /** Renders the inbox; a list query the API refuses (a bad cursor or status) shows its error over an empty list. */
  const render = async (request: FastifyRequest, reply: FastifyReply, query: InboxQuery, extra: { notice?: string; error?: string; status?: number } = {}) => {
    const idOrSlug = (request.params as Params).app;
    const { app } = await d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
    let page: { submissions: CrashRowOut[]; nextCursor: string | null } = { submissions: [], nextCursor: null };
    let error = extra.error;
    let status = extra.status;
    try {
      const { category: _, ...filters } = query;
      page = await d.call(request, 'GET', API, { params: { idOrSlug: app.id }, query: { ...filters, limit: String(PAGE_SIZE) } });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 400) throw e;
      error = `These filters were refused: ${e.message}`;
      status ??= 400;
    }
    return sendAdmin(reply, CrashPage({ owner: d.owner(request), app, sections: d.sections, query, ...page, notice: extra.notice, error }), { status });
  };

  scope.get('/admin/apps/:app/crash', { schema: { hide: true } }, async (request, reply) => {
    const done = (request.query as { done?: string }).done;
    return render(request, reply, readQuery(request.query), { notice: done ? NOTICES[done] : undefined });
  });

  scope.get('/admin/apps/:app/crash/export.csv', { schema: { hide: true } }, async (request, reply) => {
    const { cursor: _c, category: _k, ...filters } = readQuery(request.query);
    const r = await d.call<TextResult>(request, 'GET', `${API}.csv`, { params: { idOrSlug: (request.params as Params).app }, query: filters });
    return sendCsv(reply, r);
  });

  scope.post('/admin/apps/:app/crash/:id/status', { schema: { hide: true } }, async (request, reply) => {
    const { app: idOrSlug, id } = request.params as Params;
    const body = request.body as FormBody;
    try {
      const status = field(body, 'status');
      await d.call(request, 'PATCH', `${API}/:submissionId`, { params: { idOrSlug, submissionId: id }, body: { status } });
      return reply.redirect(backTo(`/admin/apps/${encodeURIComponent(idOrSlug)}/crash`, field(body, 'back'), { done: status }), 303);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
      return render(request, reply, readQuery(field(body, 'back')), { error: `Not changed: ${e.message}`, status: e.status });
    }
  });
}
