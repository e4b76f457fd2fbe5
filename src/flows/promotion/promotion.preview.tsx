import type { App } from '../../apps/apps.schema.js';
import type { FlowContext } from '../../kernel/flows/registry.js';
import { Layout } from '../../kernel/pages/layout.js';
import { destinationMiss, installable, localize, shownDestination, targetingMiss } from './promotion.decision.js';
import type { PromotionConfig, PromotionDestination } from './promotion.schema.js';

/**
 * The dashboard's live preview of an unsaved app promotion draft (FlowTypeDef.preview): there is
 * no hosted page, so it shows what resolve would decide for a sample user, with the same pure
 * rules resolve runs (promotion.decision.ts: targeting, each destination's own rules, the store
 * link, the destination it returns). Nothing is read from or written to the decision, impression
 * or event tables: no decision is counted, no token signed. What depends on live data is named,
 * not guessed: lifetime caps (maxImpressions), per-user cooldowns and frequency caps, the user's
 * installs, and which destination of a rotating tier comes next.
 */

/** A user the draft targets: its first platform, country and language, its minimum version. */
export function sampleUser(cfg: PromotionConfig) {
  const t = cfg.targeting;
  const language = t?.languages?.[0] ?? cfg.defaultLocale;
  return {
    platform: t?.platforms?.[0] ?? 'ios',
    country: t?.countries?.[0] ?? 'US',
    language,
    lang: language.split(/[-_]/)[0].toLowerCase(),
    appVersion: t?.minAppVersion ?? t?.maxAppVersion,
  };
}

const REASONS: Record<string, string> = {
  disabled: 'disabled (enabled: false)',
  unknown_app: 'destinationAppId is not an app of this account',
  same_app: 'it is this app itself',
  not_started: 'startAt is still ahead',
  ended: 'endAt has passed',
  countries: 'the sample user’s country is not in its countries',
  languages: 'the sample user’s language is not in its languages',
  no_store_link: 'the destination app has no appStoreId or storeUrl, so users without it cannot get it',
};
const TARGETING: Record<string, string> = {
  schedule: 'schedule (targeting startAt / endAt)',
  platforms: 'platform',
  countries: 'country',
  languages: 'language',
  minAppVersion: 'app version (minAppVersion)',
  maxAppVersion: 'app version (maxAppVersion)',
};

interface Row {
  d: PromotionDestination;
  index: number;
  app?: App;
  reason: string | null;
}

export function promotionDecisionPreview(cfg: PromotionConfig, ctx: Pick<FlowContext, 'app'> & { accountApps: App[]; now: Date }) {
  const user = sampleUser(cfg);
  const byId = new Map(ctx.accountApps.map((a) => [a.id, a]));
  const nowMs = ctx.now.getTime();
  const missed = targetingMiss(cfg, user, user.country, user.lang, nowMs);
  const rows: Row[] = cfg.destinations.map((d, index) => {
    const app = byId.get(d.destinationAppId);
    const miss = destinationMiss(d, app, { appId: ctx.app.id, nowMs, country: user.country, lang: user.lang });
    return { d, index, app, reason: miss ?? (app && !installable(app) ? 'no_store_link' : null) };
  });
  const eligible = rows.filter((r) => !r.reason && r.app);
  const top = eligible.length ? Math.max(...eligible.map((r) => r.d.priority)) : 0;
  const tier = eligible.filter((r) => r.d.priority === top);
  const pick = missed ? undefined : tier[0];
  const shown = pick ? shownDestination(cfg, pick.d, pick.app!, false, user.language) : undefined;

  return (
    <Layout title={`App promotion “${cfg.placement}”: decision preview`} styles={['admin.css']} bodyClass="admin decision-preview">
      <main class="page">
        <p class="eyebrow">Decision preview of the draft · nothing is recorded</p>
        <h1>Placement “{cfg.placement}”</h1>
        <section class="card" aria-labelledby="pv-user">
          <h2 id="pv-user">Sample user</h2>
          <dl class="facts">
            <dt>Platform</dt>
            <dd>{user.platform}</dd>
            <dt>Country</dt>
            <dd>{user.country}</dd>
            <dt>Language</dt>
            <dd>{user.language}</dd>
            <dt>App version</dt>
            <dd>{user.appVersion ?? 'not sent'}</dd>
            <dt>History</dt>
            <dd>none: no impressions yet, no destination app installed</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="pv-decision" data-decision={shown ? 'show' : 'none'}>
          <h2 id="pv-decision">Resolve would answer</h2>
          {missed ? (
            <p>
              <strong>none</strong> (targeting): the flow’s targeting excludes this user by {TARGETING[missed]}.
            </p>
          ) : !shown ? (
            <p>
              <strong>none</strong> (no_eligible_destination): no destination can be shown to this user.
            </p>
          ) : (
            <>
              <p>
                <strong>show</strong> {shown.name}, presentation <code>{cfg.presentation}</code>
                {cfg.mode === 'rotating' && tier.length > 1 ? (
                  <>
                    {' '}
                    (rotating, {cfg.rotationStrategy}: one of {tier.map((r) => r.app!.name).join(', ')}; the first is shown here)
                  </>
                ) : null}
                .
              </p>
              <div class="promo-card" data-destination={shown.appId}>
                {shown.iconUrl ? <img src={shown.iconUrl} alt="" width={48} height={48} /> : null}
                <div>
                  <p class="promo-title">{shown.content.title}</p>
                  {shown.content.subtitle ? <p class="muted">{shown.content.subtitle}</p> : null}
                  {shown.content.body ? <p>{shown.content.body}</p> : null}
                  {shown.content.ctaLabel ? <p class="button secondary">{shown.content.ctaLabel}</p> : null}
                </div>
              </div>
              <dl class="facts">
                <dt>Content locale</dt>
                <dd>{shown.content.locale}</dd>
                <dt>Without the app</dt>
                <dd>
                  {shown.notInstalledAction.type} {shown.notInstalledAction.url ?? ''}
                </dd>
                <dt>With the app</dt>
                <dd>
                  {shown.installedAction.type} {shown.installedAction.url ?? ''}
                </dd>
              </dl>
            </>
          )}
        </section>
        <section class="card" aria-labelledby="pv-dest">
          <h2 id="pv-dest">Every destination</h2>
          <ol class="stack">
            {rows.map((r) => (
              <li data-destination-index={r.index}>
                <p>
                  {r.app?.promotion?.iconUrl ?? r.app?.logoUrl ? <img src={(r.app.promotion?.iconUrl ?? r.app.logoUrl)!} alt="" width={24} height={24} /> : null}{' '}
                  <strong>{r.app?.name ?? r.d.destinationAppId}</strong> · priority {r.d.priority}
                  {cfg.mode === 'rotating' ? ` · weight ${r.d.weight}` : ''} ·{' '}
                  {r.reason ? <span>not eligible: {REASONS[r.reason]}</span> : <span>eligible</span>}
                </p>
                {r.d.maxImpressions || r.d.cooldownDays ? (
                  <p class="muted">
                    {r.d.maxImpressions ? `Stops after ${r.d.maxImpressions} counted impressions. ` : ''}
                    {r.d.cooldownDays ? `Not shown again to a user for ${r.d.cooldownDays} days after they saw it. ` : ''}
                    (Counted live; not applied to the sample user.)
                  </p>
                ) : null}
                {r.app ? (
                  <ul>
                    {[cfg.defaultLocale, ...Object.keys(r.d.localizations ?? {})].map((locale) => {
                      const c = localize(r.d, r.app!, cfg.defaultLocale, locale);
                      return (
                        <li lang={locale}>
                          <code>{locale}</code>: {c.title}
                          {c.subtitle ? ` — ${c.subtitle}` : ''}
                          {c.ctaLabel ? ` [${c.ctaLabel}]` : ''}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          {cfg.frequency.maxImpressionsPerWindow > 0 ? (
            <p class="muted">
              Each user sees this placement at most {cfg.frequency.maxImpressionsPerWindow} times in {cfg.frequency.windowDays} days
              {cfg.frequency.hideInstalled ? '; apps a user already has are never promoted' : ''}.
            </p>
          ) : null}
          {cfg.frequency.lifetimeImpressions ? <p class="muted">Each user sees this placement at most {cfg.frequency.lifetimeImpressions} times in all.</p> : null}
        </section>
      </main>
    </Layout>
  );
}
