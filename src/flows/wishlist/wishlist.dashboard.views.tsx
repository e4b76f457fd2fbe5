import type { App } from '../../apps/apps.schema.js';
import { AppShell } from '../../admin/admin.app-shell.js';
import { DayChart } from '../../admin/admin.charts.js';
import { Alert, Csrf, formatTime } from '../../admin/admin.views.js';
import type { DashboardContext } from '../../kernel/module.js';
import { IDEA_STATUSES, type IdeaStatus, type OwnerIdea, type PublicComment } from './wishlist.schema.js';

export const STATUS_LABELS: Record<IdeaStatus, string> = { pending: 'Pending', open: 'Open', planned: 'Planned', in_progress: 'In progress', done: 'Done', declined: 'Declined' };
/** The list's filters: one status, or every idea. */
export type Filter = IdeaStatus | 'all';
export const FILTERS: Filter[] = [...IDEA_STATUSES, 'all'];

type Owner = { email: string; csrf: string };
const SCRIPTS = ['admin.js', 'charts.js', 'moderation.js'];

const ideaUrl = (base: string, id: string) => `${base}/ideas/${encodeURIComponent(id)}`;

/**
 * One idea's actions, each a plain POST form (works without JavaScript). `data-key` names the
 * key the moderation island binds to it (islands/moderation.ts); `back` is where to return.
 */
function IdeaActions(p: { base: string; idea: OwnerIdea; csrf: string; back: string }) {
  const act = ideaUrl(p.base, p.idea.id);
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  const t = p.idea.title;
  return (
    <div class="actions mod-actions">
      {p.idea.status === 'pending' ? (
        <form method="post" action={`${act}/status`} class="inline" data-mod>
          <Csrf token={p.csrf} />
          {hidden('status', 'open')}
          {hidden('back', p.back)}
          <button type="submit" class="small" data-key="a" aria-label={`Approve: ${t}`}>
            Approve
          </button>
        </form>
      ) : null}
      {p.idea.status !== 'declined' ? (
        <form method="post" action={`${act}/status`} class="inline" data-mod>
          <Csrf token={p.csrf} />
          {hidden('status', 'declined')}
          {hidden('back', p.back)}
          <button type="submit" class="small secondary" data-key="d" aria-label={`Decline: ${t}`}>
            Decline
          </button>
        </form>
      ) : null}
      <form method="post" action={`${act}/pin`} class="inline" data-mod>
        <Csrf token={p.csrf} />
        {hidden('pinned', p.idea.pinned ? 'false' : 'true')}
        {hidden('back', p.back)}
        <button type="submit" class="small secondary" data-key="p" aria-label={`${p.idea.pinned ? 'Unpin' : 'Pin'}: ${t}`}>
          {p.idea.pinned ? 'Unpin' : 'Pin'}
        </button>
      </form>
      <form method="post" action={`${act}/status`} class="inline status-form" data-mod>
        <Csrf token={p.csrf} />
        {hidden('back', p.back)}
        <label for={`status-${p.idea.id}`}>Status</label>
        <select id={`status-${p.idea.id}`} name="status">
          {IDEA_STATUSES.map((s) => (
            <option value={s} selected={s === p.idea.status}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <button type="submit" class="small secondary" aria-label={`Set the status of: ${t}`}>
          Set
        </button>
      </form>
      <form method="post" action={`${act}/delete`} class="inline" data-mod>
        <Csrf token={p.csrf} />
        {hidden('back', p.back)}
        <button type="submit" class="small danger" data-key="x" data-confirm={`Delete "${t}" with its votes and comments? This cannot be undone.`} aria-label={`Delete: ${t}`}>
          Delete
        </button>
      </form>
    </div>
  );
}

function IdeaMeta(p: { idea: OwnerIdea }) {
  const i = p.idea;
  return (
    <p class="muted small idea-meta">
      <span class="badge" data-status>
        {STATUS_LABELS[i.status]}
      </span>
      {i.pinned ? <span class="badge on">Pinned</span> : null} {i.voteCount} {i.voteCount === 1 ? 'vote' : 'votes'} · {i.commentCount} {i.commentCount === 1 ? 'comment' : 'comments'} · {i.author}
      {i.email ? ` · ${i.email}` : ''}
      {i.category ? ` · ${i.category}` : ''} · <time datetime={i.createdAt}>{formatTime(i.createdAt)}</time>
    </p>
  );
}

export interface ListProps {
  owner: Owner;
  app: App;
  sections: DashboardContext['sections'];
  filter: Filter;
  ideas: OwnerIdea[];
  nextCursor: string | null;
  paged: boolean;
  /** The current list URL (forms come back to it). */
  here: string;
  notice?: string;
  boardUrl?: string;
  chart: { days: string[]; ideas: number[]; votes: number[] };
}

export function WishlistPage(p: ListProps) {
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}/wishlist`;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return (
    <AppShell title="Wishlist" owner={p.owner} app={p.app} sections={p.sections} current="wishlist" scripts={SCRIPTS} styles={['charts.css']}>
      <div class="titlebar">
        <h1>Wishlist</h1>
        <div class="actions">
          {p.boardUrl ? (
            <a class="button small secondary" href={p.boardUrl}>
              Open the public board
            </a>
          ) : null}
          <form method="post" action={`${base}/preview`} class="inline">
            <Csrf token={p.owner.csrf} />
            <button type="submit" class="small secondary">
              Preview the draft board
            </button>
          </form>
        </div>
      </div>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      <p id="mod-live" class="visually-hidden" role="status" aria-live="polite"></p>
      <section class="card">
        <DayChart
          id="wishlist"
          title="Ideas and votes"
          days={p.chart.days}
          series={[
            { label: 'Ideas', values: p.chart.ideas },
            { label: 'Votes', values: p.chart.votes },
          ]}
          summary={`${sum(p.chart.ideas)} ideas, ${sum(p.chart.votes)} votes in the last ${p.chart.days.length} days (UTC)`}
        />
      </section>
      <nav class="tabs filters" aria-label="Ideas by status">
        {FILTERS.map((f) => (
          <a href={`${base}?status=${f}`} aria-current={f === p.filter ? 'page' : undefined}>
            {f === 'all' ? 'All' : STATUS_LABELS[f]}
          </a>
        ))}
      </nav>
      <section aria-labelledby="ideas-title" class="stack">
        <h2 id="ideas-title">{p.filter === 'pending' ? 'Waiting for review' : p.filter === 'all' ? 'All ideas' : `${STATUS_LABELS[p.filter]} ideas`}</h2>
        <p class="muted small kbd-help" hidden data-kbd-help>
          Keys on a focused idea: <kbd>j</kbd>/<kbd>k</kbd> next/previous, <kbd>a</kbd> approve, <kbd>d</kbd> decline, <kbd>p</kbd> pin, <kbd>x</kbd> delete, <kbd>Enter</kbd> open.
        </p>
        {p.ideas.length ? (
          <ul class="ideas-mod" data-filter={p.filter}>
            {p.ideas.map((i) => (
              <li class="card idea-row" tabindex={0} data-idea={i.id} aria-labelledby={`idea-${i.id}`}>
                <h3 id={`idea-${i.id}`}>
                  <a href={ideaUrl(base, i.id)}>{i.title}</a>
                </h3>
                <IdeaMeta idea={i} />
                {i.body ? <p class="idea-body">{i.body}</p> : null}
                <IdeaActions base={base} idea={i} csrf={p.owner.csrf} back={p.here} />
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">{p.filter === 'pending' ? 'Nothing waiting for review.' : 'No ideas here.'}</p>
        )}
        <nav class="pager" aria-label="Idea pages">
          {p.paged ? <a href={`${base}?status=${p.filter}`}>← First page</a> : null}
          {p.nextCursor ? (
            <a href={`${base}?status=${p.filter}&cursor=${encodeURIComponent(p.nextCursor)}`} rel="next">
              More →
            </a>
          ) : null}
        </nav>
      </section>
    </AppShell>
  );
}

export function IdeaPage(p: {
  owner: Owner;
  app: App;
  sections: DashboardContext['sections'];
  idea: OwnerIdea;
  comments: PublicComment[];
  nextCursor: string | null;
  paged: boolean;
  notice?: string;
  error?: string;
  reply?: string;
}) {
  const base = `/admin/apps/${encodeURIComponent(p.app.slug)}/wishlist`;
  const here = ideaUrl(base, p.idea.id);
  return (
    <AppShell title={p.idea.title} owner={p.owner} app={p.app} sections={p.sections} current="wishlist" scripts={['admin.js']}>
      <p class="crumbs">
        <a href={`${base}?status=${p.idea.status}`}>← {STATUS_LABELS[p.idea.status]} ideas</a>
      </p>
      {p.notice ? <Alert kind="ok">{p.notice}</Alert> : null}
      {p.error ? <Alert kind="error">{p.error}</Alert> : null}
      <article class="card stack" data-idea={p.idea.id}>
        <h1>{p.idea.title}</h1>
        <IdeaMeta idea={p.idea} />
        {p.idea.body ? <p class="idea-body">{p.idea.body}</p> : null}
        <IdeaActions base={base} idea={p.idea} csrf={p.owner.csrf} back={here} />
      </article>
      <section class="card stack" aria-labelledby="comments-title">
        <h2 id="comments-title">Comments</h2>
        {p.comments.length ? (
          <ul class="comments-mod">
            {p.comments.map((c) => (
              <li>
                <p class="muted small">
                  <span class="strong">{c.author}</span> {c.isOfficial ? <span class="badge on">Team</span> : null} · <time datetime={c.createdAt}>{formatTime(c.createdAt)}</time>
                </p>
                <p class="idea-body">{c.body}</p>
                <form method="post" action={`${base}/comments/${encodeURIComponent(c.id)}/delete`} class="inline">
                  <Csrf token={p.owner.csrf} />
                  <input type="hidden" name="back" value={here} />
                  <button type="submit" class="small danger" data-confirm="Delete this comment? It is hidden everywhere.">
                    Delete comment
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">{p.paged ? 'No later comments.' : 'No comments yet.'}</p>
        )}
        {p.paged || p.nextCursor ? (
          <nav class="pager" aria-label="Comment pages">
            {p.paged ? <a href={here}>← First comments</a> : null}
            {p.nextCursor ? (
              <a href={`${here}?cursor=${encodeURIComponent(p.nextCursor)}`} rel="next">
                Later comments →
              </a>
            ) : null}
          </nav>
        ) : null}
        <form method="post" action={`${here}/comments`} class="stack">
          <Csrf token={p.owner.csrf} />
          <div class="field">
            <label for="reply-body">Reply</label>
            <textarea id="reply-body" name="body" required maxLength={2000} rows={4}>
              {p.reply ?? ''}
            </textarea>
          </div>
          <label class="check">
            <input type="checkbox" name="official" value="true" checked /> Official reply (shows the “Team” badge)
          </label>
          <div class="actions">
            <button type="submit">Post reply</button>
          </div>
        </form>
      </section>
    </AppShell>
  );
}
