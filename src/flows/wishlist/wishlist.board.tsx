import { brandOfRow } from '../../kernel/pages/brand.js';
import type { IdeaStatus, PublicIdea, WishlistConfig } from './wishlist.schema.js';
import { translator } from '../../kernel/i18n.js';
import { categoryLabel, counted, emailMode, ideaHref, IdeaPage, Meta, Shell, statusLabel, SubmitForm, SubmittedPage, VoteButton, votesLabel, withQuery, type BoardUrls, type Common, type SubmitState } from './wishlist.views.js';
import { sampleComments, sampleIdeas } from './wishlist.samples.js';

/** The board itself (list and roadmap views, the filter form); the idea page and shared parts are in wishlist.views.tsx. */
export type BoardView = 'list' | 'roadmap';

export const ROADMAP_STATUSES = ['planned', 'in_progress', 'done'] as const;

export interface BoardProps extends Common, SubmitState {
  ideas: PublicIdea[];
  nextCursor: string | null;
  sort: 'votes' | 'new';
  status?: IdeaStatus;
  category?: string;
  /** The search text (`?q=`), if any. */
  q?: string;
  view: BoardView;
  /** The roadmap view's columns (view=roadmap). */
  roadmap?: Record<(typeof ROADMAP_STATUSES)[number], PublicIdea[]>;
  /** The idea just voted on without JavaScript: its vote button gets the focus back. */
  focusId?: string;
  /** Path + query of this very page, so a no-JS vote comes back here. */
  self: string;
}

/**
 * One compact filter control for every screen: a GET form (works without JavaScript;
 * wishlist.js submits it when a select changes) with a search box and labelled selects.
 */
function FilterForm(p: BoardProps) {
  const { t } = p;
  const c = p.config;
  const roadmap = p.view === 'roadmap';
  const cats = c.categories ?? [];
  return (
    <form method="get" action={p.urls.base} class="wl-filter" role="search" aria-label={t('wlFilter')} data-autosubmit>
      {Object.entries(p.urls.keep).map(([k, v]) => (
        <input type="hidden" name={k} value={v} />
      ))}
      {roadmap ? <input type="hidden" name="view" value="roadmap" /> : null}
      <div class="wl-filter-search">
        <label for="wl-q">{t('wlSearchLabel')}</label>
        <div class="wl-filter-row">
          <input id="wl-q" type="search" name="q" maxLength={100} value={p.q ?? ''} autocomplete="off" />
          <button type="submit" class="wl-filter-go">
            {t('wlSearch')}
          </button>
        </div>
      </div>
      <div class={`wl-filter-selects${roadmap ? ' two' : ''}`}>
        {roadmap ? null : (
          <div class="wl-filter-field">
            <label for="wl-sort">{t('wlSort')}</label>
            <select id="wl-sort" name="sort">
              <option value="votes" selected={p.sort === 'votes'}>
                {t('wlSortTop')}
              </option>
              <option value="new" selected={p.sort === 'new'}>
                {t('wlSortNew')}
              </option>
            </select>
          </div>
        )}
        {roadmap ? null : (
          <div class="wl-filter-field">
            <label for="wl-status">{t('wlStatus')}</label>
            <select id="wl-status" name="status">
              <option value="">{t('wlAll')}</option>
              {(['open', 'planned', 'in_progress', 'done', 'declined'] as const).map((s) => (
                <option value={s} selected={p.status === s}>
                  {statusLabel(c, s, t)}
                </option>
              ))}
            </select>
          </div>
        )}
        {cats.length > 0 ? (
          <div class="wl-filter-field">
            <label for="wl-cat">{t('wlCategory')}</label>
            <select id="wl-cat" name="category">
              <option value="">{t('wlAll')}</option>
              {cats.map((cat) => (
                <option value={cat.id} selected={p.category === cat.id}>
                  {categoryLabel(c, cat.id)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <p class="wl-filter-view">
        {roadmap ? (
          <a href={withQuery(p.urls.base, { ...p.urls.keep, q: p.q, category: p.category })}>{t('wlAllIdeas')}</a>
        ) : (
          <a href={withQuery(p.urls.base, { ...p.urls.keep, view: 'roadmap', q: p.q, category: p.category })}>{t('wlRoadmapLink')}</a>
        )}
      </p>
    </form>
  );
}

function IdeaCard(p: { idea: PublicIdea; board: BoardProps; voteNeedsEmail: boolean; excerpt: boolean }) {
  const { idea, board } = p;
  const { t, locale } = board;
  return (
    <li class="wl-idea card" id={`idea-${idea.id}`}>
      {p.voteNeedsEmail ? (
        <a class="wl-vote-btn" href={ideaHref(board.urls, idea.id)} aria-label={t('wlVoteFor', { votes: votesLabel(t, locale, idea.voteCount), title: idea.title })}>
          <span class="wl-arrow" aria-hidden="true">
            ▲
          </span>
          <span class="wl-count">{idea.voteCount}</span>
        </a>
      ) : (
        <VoteButton idea={idea} urls={board.urls} back={board.self} disabled={board.preview} focus={board.focusId === idea.id} t={t} locale={locale} />
      )}
      <div class="wl-body">
        <a class="wl-title" href={ideaHref(board.urls, idea.id)}>
          {idea.title}
        </a>
        {p.excerpt && idea.body ? <p class="wl-excerpt">{idea.body.length > 180 ? idea.body.slice(0, 180).trimEnd() + '…' : idea.body}</p> : null}
        <Meta idea={idea} config={board.config} t={t} locale={locale} now={board.now} />
      </div>
    </li>
  );
}

export function BoardPage(p: BoardProps) {
  const { t } = p;
  const c = p.config;
  const link = (q: Record<string, string | undefined>) =>
    withQuery(p.urls.base, { ...p.urls.keep, sort: p.sort === 'votes' ? undefined : p.sort, status: p.status, category: p.category, q: p.q, ...q });
  const voteNeedsEmail = emailMode(c) && !!c.identity?.requireEmailToVote;
  const filtered = !!(p.q || p.status || p.category);
  const empty = filtered ? t('wlNoMatch') : t('wlEmpty');
  return (
    <Shell {...p} title={c.intro.title || t('wlTitleDefault', { app: p.appName })}>
      <a class="wl-skip" href="#ideas">
        {t('wlSkip')}
      </a>
      {p.compact ? null : (
        <header class="wl-hero">
          {c.hero?.eyebrow ? <span class="eyebrow">{c.hero.eyebrow}</span> : null}
          <h1>{c.intro.title}</h1>
          {c.intro.subtitle ? <p class="muted">{c.intro.subtitle}</p> : null}
          <a class="button secondary wl-jump" href="#submit">
            {c.intro.submitLabel || t('wlSuggest')}
          </a>
        </header>
      )}
      <div class={`wl-layout${p.view === 'roadmap' ? ' wl-roadmap-layout' : ''}`}>
        <section class="wl-board" aria-labelledby="ideas">
          <FilterForm {...p} />
          {p.view === 'roadmap' ? (
            <div class="wl-roadmap">
              <h2 id="ideas" class="wl-board-heading" tabIndex={-1}>
                {t('wlRoadmap')}
              </h2>
              <div class="wl-columns">
                {ROADMAP_STATUSES.map((s) => {
                  const ideas = p.roadmap?.[s] ?? [];
                  return (
                    <section class={`wl-column c-${s}`} aria-labelledby={`col-${s}`}>
                      <h3 id={`col-${s}`}>
                        <span class={`wl-badge s-${s}`}>{statusLabel(c, s, t)}</span>{' '}
                        <span class="muted small">
                          <span aria-hidden="true">{ideas.length}</span>
                          <span class="visually-hidden">{counted(t, p.locale, ideas.length, 'wlIdeasOne', 'wlIdeasOther')}</span>
                        </span>
                      </h3>
                      {ideas.length === 0 ? (
                        <p class="muted small">{t('wlNothingYet')}</p>
                      ) : (
                        <ol class="wl-list">
                          {ideas.map((idea) => (
                            <IdeaCard idea={idea} board={p} voteNeedsEmail={voteNeedsEmail} excerpt={false} />
                          ))}
                        </ol>
                      )}
                    </section>
                  );
                })}
              </div>
            </div>
          ) : (
            <>
              <h2 id="ideas" class="wl-board-heading visually-hidden" tabIndex={-1}>
                {t('wlIdeas')}
              </h2>
              {p.ideas.length === 0 ? (
                <p class="card wl-empty muted">{empty}</p>
              ) : (
                <ol class="wl-list">
                  {p.ideas.map((idea) => (
                    <IdeaCard idea={idea} board={p} voteNeedsEmail={voteNeedsEmail} excerpt />
                  ))}
                </ol>
              )}
              {p.nextCursor ? (
                <a class="button secondary wl-more" href={link({ cursor: p.nextCursor })}>
                  {t('wlMore')}
                </a>
              ) : null}
            </>
          )}
        </section>
        <aside class="wl-aside">
          <SubmitForm {...p} />
        </aside>
      </div>
    </Shell>
  );
}

/**
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): the board as its
 * preview link shows it, an idea's page, or the page after suggesting one, with sample ideas
 * (wishlist.samples.ts) so there is something to look at. Its forms are disabled (preview) and
 * its links carry a placeholder preview token the board refuses: nothing can be voted,
 * submitted or recorded.
 */
export function wishlistDraftView(config: WishlistConfig, app: { slug: string; name: string; logo_url?: string | null; accent_color?: string | null; theme?: string | null }, now: Date, screen?: string) {
  const urls: BoardUrls = { base: `/wishlist/${encodeURIComponent(app.slug)}`, appSlug: app.slug, keep: { p: 'preview' } };
  const common = { config, appName: app.name, appLogo: app.logo_url, appBrand: brandOfRow(app), urls, compact: false, preview: true, t: translator(config.locale, config.strings), locale: config.locale ?? 'en', now };
  const ideas = sampleIdeas(config, now);
  if (screen === 'idea') return <IdeaPage {...common} idea={ideas[0]} comments={sampleComments(now)} self={ideaHref(urls, ideas[0].id)} />;
  if (screen === 'submitted') return <SubmittedPage {...common} pending={config.moderation?.autoApprove !== true} />;
  return <BoardPage {...common} ideas={ideas} nextCursor={null} sort="votes" view="list" self={withQuery(urls.base, urls.keep)} />;
}
