import type { ComponentChildren } from 'preact';
import { FORM_TOKEN_FIELD } from '../../kernel/pages/form-token.js';
import { Layout } from '../../kernel/pages/layout.js';
import type { Locale, MessageKey, Translate } from '../../kernel/i18n.js';
import { absoluteTime, isOne, relativeTime } from '../../kernel/i18n.format.js';
import type { IdeaStatus, PublicComment, PublicIdea, WishlistConfig } from './wishlist.schema.js';
import { accentOf, heroThemeOf, type AppBrand } from '../../kernel/pages/brand.js';

const WISHLIST_THEMES = ['minimal', 'gradient', 'dark', 'side_by_side'];

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

const DEFAULT_LABELS: Record<Exclude<IdeaStatus, 'pending'>, MessageKey> = {
  open: 'wlOpen',
  planned: 'wlPlanned',
  in_progress: 'wlInProgress',
  done: 'wlDone',
  declined: 'wlDeclined',
};
export const statusLabel = (c: WishlistConfig, s: IdeaStatus, t: Translate) => (s === 'pending' ? t('wlPending') : (c.statusLabels?.[s] ?? t(DEFAULT_LABELS[s])));
/**
 * An author's name; the service's defaults for no name ("Anonymous", "Team" for the owner, which
 * the API and SDK show as such) in the page's words.
 */
export const authorName = (author: string, t: Translate) => (author === 'Anonymous' ? t('wlAnonymous') : author === 'Team' ? t('wlTeam') : author);
/** "1 vote", "3 votes" in the page's language (its plural rules: "0 vote" in French). */
export const counted = (t: Translate, locale: Locale, n: number, one: MessageKey, other: MessageKey) => t(isOne(locale, n) ? one : other, { n });
/** The vote button's name starts with the count it shows (WCAG 2.5.3, label in name). */
export const votesLabel = (t: Translate, locale: Locale, n: number) => counted(t, locale, n, 'wlVotesOne', 'wlVotesOther');

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
  /** The app's logo (favicon, link previews, beside its name at the top). */
  appLogo?: string | null;
  /** The app's accent and scheme, used where the board's config sets none (kernel/pages/brand.ts). */
  appBrand?: AppBrand;
  urls: BoardUrls;
  compact: boolean;
  preview: boolean;
  /** The page's words (config `locale` and `strings`) and its language. */
  t: Translate;
  locale: Locale;
  /** For relative dates ("3 days ago"), rendered on the server. */
  now: Date;
}

/** "3 days ago" in the page's language; the full date (UTC) on hover. */
export function When(p: { iso: string; now: Date; locale: Locale }) {
  return (
    <time class="muted small" dateTime={p.iso} title={absoluteTime(p.iso, p.locale)}>
      {relativeTime(p.iso, p.now, p.locale)}
    </time>
  );
}

export function Shell(p: Common & { title: string; children: ComponentChildren }) {
  const theme = heroThemeOf(p.config.hero?.theme, WISHLIST_THEMES, p.appBrand);
  return (
    <Layout
      title={p.title}
      lang={p.locale}
      description={p.config.intro.subtitle}
      accent={accentOf(p.config.hero?.accentColor, p.appBrand)}
      siteName={p.appName}
      icon={p.appLogo}
      image={p.appLogo}
      bodyClass={`theme-${theme} wl-page${p.compact ? ' wl-compact' : ''}`}
      styles={['wishlist.css']}
      scripts={['wishlist.js']}
    >
      <main class="shell wide wl">
        {/* Whose board it is; a compact embed leaves it to the host page, which is the app's own. */}
        {p.compact ? null : (
          <div class="brand wl-brand">
            {p.appLogo ? <img src={p.appLogo} alt="" width={40} height={40} /> : null}
            <span>{p.appName}</span>
          </div>
        )}
        {p.preview ? (
          <p class="wl-notice" role="status">
            {p.t('wlPreview')}
          </p>
        ) : null}
        {p.children}
      </main>
    </Layout>
  );
}

export function VoteButton(p: { idea: PublicIdea; urls: BoardUrls; back: string; disabled: boolean; email?: boolean; focus?: boolean; t: Translate; locale: Locale }) {
  const { idea, t } = p;
  const votes = votesLabel(t, p.locale, idea.voteCount);
  return (
    <form method="post" action={withQuery(`${p.urls.base}/vote`, p.urls.keep)} class="wl-vote" data-vote data-app={p.urls.appSlug}>
      <TokenField urls={p.urls} />
      <input type="hidden" name="ideaId" value={idea.id} />
      <input type="hidden" name="on" value={idea.hasVoted ? '0' : '1'} />
      <input type="hidden" name="back" value={p.back} />
      {p.email ? <input type="email" name="email" required placeholder="you@example.com" aria-label={t('email')} class="wl-vote-email" /> : null}
      <button
        type="submit"
        class={`wl-vote-btn${idea.hasVoted ? ' voted' : ''}`}
        aria-pressed={idea.hasVoted ? 'true' : 'false'}
        aria-label={t(idea.hasVoted ? 'wlUnvoteFor' : 'wlVoteFor', { votes, title: idea.title })}
        // wishlist.js relabels the button after an in-place vote, in the page's words.
        data-title={idea.title}
        data-one={t('wlVotesOne')}
        data-other={t('wlVotesOther')}
        data-vote-for={t('wlVoteFor')}
        data-unvote-for={t('wlUnvoteFor')}
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

export function Meta(p: { idea: PublicIdea; config: WishlistConfig; t: Translate; locale: Locale; now: Date }) {
  const { t } = p;
  const cat = categoryLabel(p.config, p.idea.category);
  return (
    <div class="wl-meta">
      <span class={`wl-badge s-${p.idea.status}`}>{statusLabel(p.config, p.idea.status, t)}</span>
      {p.idea.pinned ? <span class="wl-badge wl-pinned">{t('wlPinned')}</span> : null}
      {cat ? <span class="wl-cat">{cat}</span> : null}
      <span class="muted">
        {counted(t, p.locale, p.idea.commentCount, 'wlCommentsOne', 'wlCommentsOther')} · {authorName(p.idea.author, t)} · <When iso={p.idea.createdAt} now={p.now} locale={p.locale} />
      </span>
    </div>
  );
}

function EmailField(p: { id: string; required: boolean; hint: string; value?: string; t: Translate }) {
  return (
    <div class="field">
      <label for={p.id}>{p.t('email')} {p.required ? null : <span class="hint">{p.hint}</span>}</label>
      <input id={p.id} type="email" name="email" maxLength={254} required={p.required} value={p.value ?? ''} autocomplete="email" />
    </div>
  );
}

/** Off-screen for people, tempting for bots; a filled one means the post is dropped. */
function Honeypot(p: { id: string; t: Translate }) {
  return (
    <div class="hp" aria-hidden="true">
      <label for={p.id}>{p.t('website')}</label>
      <input id={p.id} type="text" name="website" tabIndex={-1} autocomplete="off" />
    </div>
  );
}

export interface SubmitState {
  values?: Record<string, string>;
  error?: string;
}

export function SubmitForm(p: Common & SubmitState) {
  const { t } = p;
  const c = p.config;
  const v = p.values ?? {};
  const needEmail = emailMode(c) && !!c.identity?.requireEmailToSubmit;
  return (
    <section class="card wl-submit" id="submit">
      <h2>{c.intro.submitLabel || t('wlSuggest')}</h2>
      {p.error ? (
        <p class="errors" role="alert">
          {p.error}
        </p>
      ) : null}
      {/* #submit: a refused idea re-renders the whole board; the fragment scrolls a phone back to this form and its error. */}
      <form method="post" action={`${withQuery(`${p.urls.base}/submit`, p.urls.keep)}#submit`}>
        <TokenField urls={p.urls} />
        <div class="field">
          <label for="wl-title">{t('wlTitle')}</label>
          <input id="wl-title" type="text" name="title" required maxLength={120} value={v.title ?? ''} placeholder={c.submitForm?.titlePlaceholder ?? t('wlTitlePlaceholder')} />
        </div>
        <div class="field">
          <label for="wl-body">
            {t('details')} <span class="hint">{t('optional')}</span>
          </label>
          <textarea id="wl-body" name="body" maxLength={4000} placeholder={c.submitForm?.bodyPlaceholder ?? t('wlBodyPlaceholder')}>
            {v.body ?? ''}
          </textarea>
        </div>
        {(c.categories ?? []).length > 0 ? (
          <div class="field">
            <label for="wl-category">{t('wlCategory')}</label>
            <select id="wl-category" name="category">
              <option value="">{t('wlNone')}</option>
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
            {t('wlYourName')} <span class="hint">{t('optional')}</span>
          </label>
          <input id="wl-name" type="text" name="displayName" maxLength={60} value={v.displayName ?? ''} autocomplete="nickname" />
        </div>
        <EmailField id="wl-email" required={needEmail} hint={p.notifies ? t('wlEmailNotify') : t('optional')} value={v.email} t={t} />
        <Honeypot id="wl-website" t={t} />
        <button type="submit" disabled={p.preview}>
          {c.intro.submitLabel || t('submit')}
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
  const { t } = p;
  const c = p.config;
  const { idea } = p;
  const needEmail = emailMode(c) && !!c.identity?.requireEmailToComment;
  return (
    <Shell {...p} title={`${idea.title} · ${c.intro.title || p.appName}`}>
      <a class="wl-back" href={withQuery(p.urls.base, p.urls.keep)}>
        {t('wlAllIdeas')}
      </a>
      <article class="card wl-detail">
        <div class="wl-idea">
          <VoteButton idea={idea} urls={p.urls} back={p.self} disabled={p.preview} email={emailMode(c) && !!c.identity?.requireEmailToVote} focus={p.focusVote} t={t} locale={p.locale} />
          <div class="wl-body">
            <h1 class="wl-detail-title">{idea.title}</h1>
            <Meta idea={idea} config={c} t={t} locale={p.locale} now={p.now} />
          </div>
        </div>
        {idea.body ? <p class="wl-detail-body">{idea.body}</p> : null}
      </article>
      <section class="wl-comments" aria-label={t('wlComments')}>
        <h2>{t('wlComments')}</h2>
        {p.comments.length === 0 ? <p class="muted">{t('wlNoComments')}</p> : null}
        <ol class="wl-comment-list">
          {p.comments.map((cm) => (
            <li class={`wl-comment card${cm.isOfficial ? ' official' : ''}`}>
              <div class="wl-comment-head">
                <strong>{authorName(cm.author, t)}</strong>
                {cm.isOfficial ? <span class="wl-badge wl-team">{t('wlTeam')}</span> : null}
                <When iso={cm.createdAt} now={p.now} locale={p.locale} />
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
            <label for="wl-comment">{t('wlAddComment')}</label>
            <textarea id="wl-comment" name="body" required maxLength={2000} />
          </div>
          <div class="wl-row">
            <div class="field">
              <label for="wl-cname">
                {t('name')} <span class="hint">{t('optional')}</span>
              </label>
              <input id="wl-cname" type="text" name="displayName" maxLength={60} autocomplete="nickname" />
            </div>
            {emailMode(c) ? <EmailField id="wl-cemail" required={needEmail} hint={t('optional')} t={t} /> : null}
          </div>
          <Honeypot id="wl-cwebsite" t={t} />
          <button type="submit" disabled={p.preview}>
            {t('wlPostComment')}
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
        {p.pending ? <p class="muted">{p.t('wlReviewed')}</p> : null}
        {c.success.ctaLabel && c.success.ctaUrl ? (
          <a class="button" href={c.success.ctaUrl} rel="noopener">
            {c.success.ctaLabel}
          </a>
        ) : null}
        <a class={c.success.ctaLabel && c.success.ctaUrl ? 'button secondary' : 'button'} href={withQuery(p.urls.base, p.urls.keep)}>
          {p.t('wlBack')}
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
          {p.t('wlBack')}
        </a>
      </section>
    </Shell>
  );
}
