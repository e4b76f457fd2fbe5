import type { ComponentChildren } from 'preact';
import { FORM_TOKEN_FIELD } from '../../kernel/pages/form-token.js';
import { Layout } from '../../kernel/pages/layout.js';
import type { IdeaStatus, PublicComment, PublicIdea, WishlistConfig } from './wishlist.schema.js';

/** Where a page lives and what every link must carry along (embed flags, preview token). */
export interface BoardUrls {
  /** `/wishlist/<slug>` or `/embed/wishlist/<slug>`. */
  base: string;
  appSlug: string;
  /** Query kept on every link: compact=1 and p=<token>. */
  keep: Record<string, string>;
  /** Anti-forgery token every form posts back (kernel/pages/form-token.ts). */
  token?: string;
}

/** The hidden anti-forgery field of every form of the board. */
const TokenField = ({ urls }: { urls: BoardUrls }) => (urls.token ? <input type="hidden" name={FORM_TOKEN_FIELD} value={urls.token} /> : null);

export const withQuery = (path: string, q: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1])).toString();
  return s ? `${path}?${s}` : path;
};

export const ideaHref = (urls: BoardUrls, ideaId: string) => withQuery(`${urls.base}/ideas/${encodeURIComponent(ideaId)}`, urls.keep);

const DEFAULT_LABELS: Record<Exclude<IdeaStatus, 'pending'>, string> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  declined: 'Declined',
};
export const statusLabel = (c: WishlistConfig, s: IdeaStatus) => (s === 'pending' ? 'Awaiting review' : (c.statusLabels?.[s] ?? DEFAULT_LABELS[s]));
/** The vote button's name starts with the count it shows (WCAG 2.5.3, label in name). */
export const votesLabel = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;

export const categoryLabel = (c: WishlistConfig, id?: string) => {
  const cat = (c.categories ?? []).find((x) => x.id === id);
  return cat ? `${cat.emoji ? cat.emoji + ' ' : ''}${cat.label}` : undefined;
};
export const emailMode = (c: WishlistConfig) => c.identity?.mode === 'email';

export interface Common {
  config: WishlistConfig;
  /** Authors who leave an email hear of status changes (SMTP configured): only then does the form say so. */
  notifies?: boolean;
  appName: string;
  urls: BoardUrls;
  compact: boolean;
  preview: boolean;
}

export function Shell(p: Common & { title: string; children: ComponentChildren }) {
  const theme = p.config.hero?.theme ?? 'minimal';
  return (
    <Layout
      title={p.title}
      description={p.config.intro.subtitle}
      accent={p.config.hero?.accentColor}
      siteName={p.appName}
      bodyClass={`theme-${theme} wl-page${p.compact ? ' wl-compact' : ''}`}
      styles={['wishlist.css']}
      scripts={['wishlist.js']}
    >
      <main class="shell wide wl">
        {p.preview ? (
          <p class="wl-notice" role="status">
            Preview of the draft board. Voting, submitting and commenting are off until it is published.
          </p>
        ) : null}
        {p.children}
      </main>
    </Layout>
  );
}

export function VoteButton(p: { idea: PublicIdea; urls: BoardUrls; back: string; disabled: boolean; email?: boolean; focus?: boolean }) {
  const { idea } = p;
  return (
    <form method="post" action={withQuery(`${p.urls.base}/vote`, p.urls.keep)} class="wl-vote" data-vote data-app={p.urls.appSlug}>
      <TokenField urls={p.urls} />
      <input type="hidden" name="ideaId" value={idea.id} />
      <input type="hidden" name="on" value={idea.hasVoted ? '0' : '1'} />
      <input type="hidden" name="back" value={p.back} />
      {p.email ? <input type="email" name="email" required placeholder="you@example.com" aria-label="Your email" class="wl-vote-email" /> : null}
      <button
        type="submit"
        class={`wl-vote-btn${idea.hasVoted ? ' voted' : ''}`}
        aria-pressed={idea.hasVoted ? 'true' : 'false'}
        aria-label={`${votesLabel(idea.voteCount)}: ${idea.hasVoted ? 'remove your vote for' : 'vote for'} ${idea.title}`}
        data-title={idea.title}
        disabled={p.disabled}
        // Back from a no-JS vote: keyboard and screen-reader users stay where they were.
        autofocus={p.focus}
      >
        <span class="wl-arrow" aria-hidden="true">
          ▲
        </span>
        <span class="wl-count">{idea.voteCount}</span>
      </button>
    </form>
  );
}

export function Meta(p: { idea: PublicIdea; config: WishlistConfig }) {
  const cat = categoryLabel(p.config, p.idea.category);
  return (
    <div class="wl-meta">
      <span class={`wl-badge s-${p.idea.status}`}>{statusLabel(p.config, p.idea.status)}</span>
      {p.idea.pinned ? <span class="wl-badge wl-pinned">Pinned</span> : null}
      {cat ? <span class="wl-cat">{cat}</span> : null}
      <span class="muted">
        {p.idea.commentCount} {p.idea.commentCount === 1 ? 'comment' : 'comments'} · {p.idea.author}
      </span>
    </div>
  );
}

function EmailField(p: { id: string; required: boolean; hint: string; value?: string }) {
  return (
    <div class="field">
      <label for={p.id}>Email {p.required ? null : <span class="hint">{p.hint}</span>}</label>
      <input id={p.id} type="email" name="email" maxLength={254} required={p.required} value={p.value ?? ''} autocomplete="email" />
    </div>
  );
}

/** Off-screen for people, tempting for bots; a filled one means the post is dropped. */
function Honeypot(p: { id: string }) {
  return (
    <div class="hp" aria-hidden="true">
      <label for={p.id}>Website</label>
      <input id={p.id} type="text" name="website" tabIndex={-1} autocomplete="off" />
    </div>
  );
}

export interface SubmitState {
  values?: Record<string, string>;
  error?: string;
}

export function SubmitForm(p: Common & SubmitState) {
  const c = p.config;
  const v = p.values ?? {};
  const needEmail = emailMode(c) && !!c.identity?.requireEmailToSubmit;
  return (
    <section class="card wl-submit" id="submit">
      <h2>{c.intro.submitLabel || 'Suggest an idea'}</h2>
      {p.error ? (
        <p class="errors" role="alert">
          {p.error}
        </p>
      ) : null}
      <form method="post" action={withQuery(`${p.urls.base}/submit`, p.urls.keep)}>
        <TokenField urls={p.urls} />
        <div class="field">
          <label for="wl-title">Title</label>
          <input id="wl-title" type="text" name="title" required maxLength={120} value={v.title ?? ''} placeholder={c.submitForm?.titlePlaceholder ?? 'A short summary'} />
        </div>
        <div class="field">
          <label for="wl-body">
            Details <span class="hint">(optional)</span>
          </label>
          <textarea id="wl-body" name="body" maxLength={4000} placeholder={c.submitForm?.bodyPlaceholder ?? 'What would it help you do?'}>
            {v.body ?? ''}
          </textarea>
        </div>
        {(c.categories ?? []).length > 0 ? (
          <div class="field">
            <label for="wl-category">Category</label>
            <select id="wl-category" name="category">
              <option value="">None</option>
              {(c.categories ?? []).map((cat) => (
                <option value={cat.id} selected={v.category === cat.id}>
                  {categoryLabel(c, cat.id)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="field">
          <label for="wl-name">
            Your name <span class="hint">(optional)</span>
          </label>
          <input id="wl-name" type="text" name="displayName" maxLength={60} value={v.displayName ?? ''} autocomplete="nickname" />
        </div>
        <EmailField id="wl-email" required={needEmail} hint={p.notifies ? '(optional, to hear back when its status changes)' : '(optional)'} value={v.email} />
        <Honeypot id="wl-website" />
        <button type="submit" disabled={p.preview}>
          {c.intro.submitLabel || 'Submit'}
        </button>
        {c.intro.legal ? <p class="legal">{c.intro.legal}</p> : null}
      </form>
    </section>
  );
}

/** The roadmap's columns, in order. */
export interface IdeaPageProps extends Common {
  idea: PublicIdea;
  /** Back from a no-JS vote on this idea: its vote button takes the focus again. */
  focusVote?: boolean;
  comments: PublicComment[];
  self: string;
  error?: string;
}

export function IdeaPage(p: IdeaPageProps) {
  const c = p.config;
  const { idea } = p;
  const needEmail = emailMode(c) && !!c.identity?.requireEmailToComment;
  return (
    <Shell {...p} title={`${idea.title} · ${c.intro.title || p.appName}`}>
      <a class="wl-back" href={withQuery(p.urls.base, p.urls.keep)}>
        ← All ideas
      </a>
      <article class="card wl-detail">
        <div class="wl-idea">
          <VoteButton idea={idea} urls={p.urls} back={p.self} disabled={p.preview} email={emailMode(c) && !!c.identity?.requireEmailToVote} focus={p.focusVote} />
          <div class="wl-body">
            <h1 class="wl-detail-title">{idea.title}</h1>
            <Meta idea={idea} config={c} />
          </div>
        </div>
        {idea.body ? <p class="wl-detail-body">{idea.body}</p> : null}
      </article>
      <section class="wl-comments" aria-label="Comments">
        <h2>Comments</h2>
        {p.comments.length === 0 ? <p class="muted">No comments yet.</p> : null}
        <ol class="wl-comment-list">
          {p.comments.map((cm) => (
            <li class={`wl-comment card${cm.isOfficial ? ' official' : ''}`}>
              <div class="wl-comment-head">
                <strong>{cm.author}</strong>
                {cm.isOfficial ? <span class="wl-badge wl-team">Team</span> : null}
                <time class="muted small" dateTime={cm.createdAt}>
                  {cm.createdAt.slice(0, 10)}
                </time>
              </div>
              <p>{cm.body}</p>
            </li>
          ))}
        </ol>
        <form method="post" action={withQuery(`${p.urls.base}/ideas/${encodeURIComponent(idea.id)}/comments`, p.urls.keep)} class="card wl-comment-form" id="comment-form">
          <TokenField urls={p.urls} />
          {p.error ? (
            <p class="errors" role="alert">
              {p.error}
            </p>
          ) : null}
          <div class="field">
            <label for="wl-comment">Add a comment</label>
            <textarea id="wl-comment" name="body" required maxLength={2000} />
          </div>
          <div class="wl-row">
            <div class="field">
              <label for="wl-cname">
                Name <span class="hint">(optional)</span>
              </label>
              <input id="wl-cname" type="text" name="displayName" maxLength={60} autocomplete="nickname" />
            </div>
            {emailMode(c) ? <EmailField id="wl-cemail" required={needEmail} hint="(optional)" /> : null}
          </div>
          <Honeypot id="wl-cwebsite" />
          <button type="submit" disabled={p.preview}>
            Post comment
          </button>
        </form>
      </section>
    </Shell>
  );
}

export function SubmittedPage(p: Common & { pending: boolean }) {
  const c = p.config;
  return (
    <Shell {...p} title={c.success.title}>
      <section class="card message success wl-success">
        <h1>{c.success.title}</h1>
        <p>{c.success.body}</p>
        {p.pending ? <p class="muted">Your idea will appear on the board once it has been reviewed.</p> : null}
        {c.success.ctaLabel && c.success.ctaUrl ? (
          <a class="button" href={c.success.ctaUrl} rel="noopener">
            {c.success.ctaLabel}
          </a>
        ) : null}
        <a class={c.success.ctaLabel && c.success.ctaUrl ? 'button secondary' : 'button'} href={withQuery(p.urls.base, p.urls.keep)}>
          Back to the board
        </a>
      </section>
    </Shell>
  );
}

export function ProblemPage(p: Common & { title: string; message: string }) {
  return (
    <Shell {...p} title={p.title}>
      <section class="card message">
        <h1>{p.title}</h1>
        <p class="muted">{p.message}</p>
        <a class="button secondary" href={withQuery(p.urls.base, p.urls.keep)}>
          Back to the board
        </a>
      </section>
    </Shell>
  );
}
