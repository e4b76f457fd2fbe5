import { iconShows, NamedIcon } from '../../kernel/pages/icons.js';
import type { ComponentChildren } from 'preact';
import type { MessageKey } from '../../kernel/i18n.js';
import { Layout } from '../../kernel/pages/layout.js';
import { BackLink, OpenLink, RefreshTo, StepShell, wordsOf, type StepApp, type Words } from '../../kernel/pages/steps.js';
import type { CancelConfig } from './cancel.schema.js';
import { isMulti, responseOf, showBack, type Screen } from './cancel.walk.js';

/**
 * The hosted cancel page's screens. Every button is a submit button of the screen's one form
 * (`b` = its button ref, cancel.walk.ts), so the page works without JavaScript; back buttons
 * are plain links. The same components render the live page (a POST to the session) and the
 * owner's preview (a POST to the preview URL, which records nothing). Built-in words come from
 * the flow's locale (config `locale`, `strings`); the owner's words stay as written.
 */

export type ViewApp = StepApp;

/** Where a screen's form posts, the capability it carries, and where its links go. */
export interface ScreenUrls {
  action: string;
  /** The hidden capability field: `['t', sessionToken]`, or `['p', previewToken]`. */
  hidden: [string, string];
  screen(s: Screen): string;
}

export const STORE_SUBSCRIPTIONS = [
  { store: 'App Store', href: 'https://apps.apple.com/account/subscriptions' },
  { store: 'Google Play', href: 'https://play.google.com/store/account/subscriptions' },
] as const;

function Shell(p: { title: string; app: ViewApp; lang: string; preview?: boolean; head?: ComponentChildren; children: ComponentChildren }) {
  const note = p.preview ? 'of the draft. Nothing is recorded; buttons that leave the page show the deep link they would open.' : undefined;
  return (
    <StepShell title={p.title} app={p.app} lang={p.lang} preview={note} styles={['cancel.css']} head={p.head}>
      {p.children}
    </StepShell>
  );
}

/** One form per screen; the escape hatch (manage_subscription) sits under every screen that lacks it. */
function ScreenForm(p: { urls: ScreenUrls; escape: boolean; w: Words; children: ComponentChildren }) {
  return (
    <form method="post" action={p.urls.action} class="cx-form">
      <input type="hidden" name={p.urls.hidden[0]} value={p.urls.hidden[1]} />
      {p.children}
      {p.escape ? (
        <p class="cx-escape">
          <button type="submit" name="b" value="escape" formNoValidate class="cx-link">
            {p.w.t('cancelEscape')}
          </button>
        </p>
      ) : null}
    </form>
  );
}

const Submit = (p: { ref: string; label: string; secondary?: boolean }) => (
  <button type="submit" name="b" value={p.ref} class={p.secondary ? 'cx-btn secondary' : 'cx-btn'}>
    {p.label}
  </button>
);


export interface ScreenProps {
  config: CancelConfig;
  app: ViewApp;
  screen: Screen;
  urls: ScreenUrls;
  preview?: boolean;
  /** The reasons screen again after nothing was picked (a catalog key). */
  error?: MessageKey;
}

/** Whether a screen already shows a button firing manage_subscription (then no separate escape link). */
function showsEscape(c: CancelConfig, s: Screen): boolean {
  if (s.step === 'thanks') return true;
  if (s.step !== 'response') return false;
  const r = responseOf(c, s.reason);
  return !!r && !r.showThanksScreen && [r.primaryButton, r.secondaryButton].some((b) => b?.action === 'manage_subscription');
}

function titleOf(c: CancelConfig, s: Screen, { t }: Words): string {
  switch (s.step) {
    case 'intro':
      return c.intro.title || t('cancelIntroTitle');
    case 'reasons':
      return c.reasonScreen.title || t('cancelReasonsTitle');
    case 'response':
      return responseOf(c, s.reason)?.title || (c.reasonScreen.reasons.find((r) => r.id === s.reason)?.label ?? '');
    case 'thanks':
      return t('cancelThanksTitle');
  }
}

export function ScreenPage(p: ScreenProps) {
  const { config: c, screen: s } = p;
  const w = wordsOf(c);
  const title = titleOf(c, s, w);
  return (
    <Shell title={title} app={p.app} lang={w.lang} preview={p.preview}>
      <ScreenForm urls={p.urls} escape={!showsEscape(c, s)} w={w}>
        <section class={`cx-card cx-${s.step}`}>
          {s.step === 'intro' ? <Intro c={c} title={title} w={w} /> : null}
          {s.step === 'reasons' ? <Reasons c={c} title={title} urls={p.urls} error={p.error} w={w} /> : null}
          {s.step === 'response' ? <Response c={c} title={title} reason={s.reason} urls={p.urls} w={w} /> : null}
          {s.step === 'thanks' ? <Thanks title={title} app={p.app} w={w} /> : null}
        </section>
      </ScreenForm>
    </Shell>
  );
}

function Intro({ c, title, w: { t } }: { c: CancelConfig; title: string; w: Words }) {
  return (
    <>
      <h1>{title}</h1>
      {c.intro.subtitle ? <p class="cx-lead">{c.intro.subtitle}</p> : null}
      <div class="cx-actions">
        <Submit ref="intro:primary" label={c.intro.primaryButton || t('stepContinue')} />
        <Submit ref="intro:secondary" label={c.intro.secondaryButton || t('cancelKeepPlan')} secondary />
      </div>
    </>
  );
}

function Reasons({ c, title, urls, error, w: { t } }: { c: CancelConfig; title: string; urls: ScreenUrls; error?: MessageKey; w: Words }) {
  const multi = isMulti(c);
  const buttons = !multi && c.reasonScreen.autoAdvance === true;
  const sub = c.reasonScreen.subtitle || (multi ? t('stepPickAll') : '');
  return (
    <>
      {showBack(c) ? <BackLink href={urls.screen({ step: 'intro' })} label={t('stepBack')} /> : null}
      <fieldset class="cx-reasons" aria-describedby={sub ? 'cx-sub' : undefined}>
        <legend>
          <h1>{title}</h1>
        </legend>
        {sub ? (
          <p class="cx-lead" id="cx-sub">
            {sub}
          </p>
        ) : null}
        {error ? (
          <p class="errors" role="alert">
            {t(error)}
          </p>
        ) : null}
        <div class="cx-choices">
          {c.reasonScreen.reasons.map((r) => {
            // The emoji as written, else the iconName's glyph (Lucide / Remix / SF Symbol names); an unknown name shows nothing.
            const icon = r.emoji || r.iconName;
            const text = (
              <>
                {iconShows(icon) ? (
                  <span class="cx-icon" aria-hidden="true">
                    <NamedIcon name={icon} />
                  </span>
                ) : null}
                <span class="cx-choice-text">{r.label}</span>
              </>
            );
            return buttons ? (
              <button type="submit" name="b" value={`reason:${r.id}`} formNoValidate class="cx-choice">
                {text}
                <span class="cx-chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            ) : (
              <label class="cx-choice">
                <input type={multi ? 'checkbox' : 'radio'} name="reason" value={r.id} required={!multi} />
                {text}
              </label>
            );
          })}
        </div>
      </fieldset>
      {buttons ? null : (
        <div class="cx-actions">
          <Submit ref="reasons:continue" label={t('stepContinue')} />
        </div>
      )}
    </>
  );
}

function Response({ c, title, reason, urls, w: { t } }: { c: CancelConfig; title: string; reason: string; urls: ScreenUrls; w: Words }) {
  const r = responseOf(c, reason)!;
  return (
    <>
      {showBack(c) ? <BackLink href={urls.screen({ step: 'reasons' })} label={t('stepBack')} /> : null}
      {/* The answer to the reason as an offer card: the badge (the deal), the headline, the words. */}
      <div class="cx-offer">
        {r.badge ? <p class="cx-badge">{r.badge}</p> : null}
        <h1>{title}</h1>
        {r.body ? <p class="cx-body">{r.body}</p> : null}
      </div>
      <div class="cx-actions">
        <Submit ref={`response:${reason}:primary`} label={r.primaryButton.label} />
        {r.secondaryButton ? <Submit ref={`response:${reason}:secondary`} label={r.secondaryButton.label} secondary /> : null}
      </div>
    </>
  );
}

/**
 * The generic thanks screen (no config of its own): back to the app, or on to cancelling. The
 * escape hatch is a full button here: a multi-select flow ends on this screen, and someone who
 * came to cancel must not have to hunt for the way on.
 */
function Thanks({ title, app, w: { t } }: { title: string; app: ViewApp; w: Words }) {
  return (
    <>
      <div class="cx-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{title}</h1>
      <p class="cx-lead">{t('cancelThanksBody', { app: app.name })}</p>
      <div class="cx-actions">
        <Submit ref="thanks:return" label={t('cancelBackToApp')} />
        <Submit ref="escape" label={t('cancelEscape')} secondary />
      </div>
    </>
  );
}

function StoreLinks({ w: { t } }: { w: Words }) {
  return (
    <ul class="cx-stores">
      {STORE_SUBSCRIPTIONS.map((s) => (
        <li>
          <a class="cx-btn secondary" href={s.href} rel="noopener">
            {t('cancelManageIn', { store: s.store })}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Where a leaving page goes: a deep link into the app, a web page, or nowhere (the app has no scheme). */
export type Leaving =
  | { to: 'app'; href: string; action: string }
  | { to: 'web'; href: string }
  | { to: 'nowhere'; action: string };

/**
 * The page an exit answers: it meta-refreshes to the deep link (WIRE D.6: the in-app browser
 * hands the custom-scheme URL to the SDK), with the same link to tap when nothing happens. An
 * app without a deep-link scheme gets words instead of a broken link.
 */
export function LeavePage({ app, leaving, w }: { app: ViewApp; leaving: Leaving; w: Words }) {
  const { t } = w;
  const refresh = leaving.to === 'nowhere' ? null : <RefreshTo href={leaving.href} />;
  const manage = leaving.to !== 'web' && leaving.action === 'manage_subscription';
  let title: string;
  let body: ComponentChildren;
  if (leaving.to === 'app') {
    title = t('cancelOpening', { target: app.name });
    body = (
      <>
        <p class="cx-lead">{t('cancelTapIfNothing')}</p>
        <div class="cx-actions">
          <OpenLink href={leaving.href}>{t('stepOpenApp', { app: app.name })}</OpenLink>
        </div>
        {manage ? <p class="cx-lead small">{t('cancelOrManage')}</p> : null}
      </>
    );
  } else if (leaving.to === 'web') {
    const host = new URL(leaving.href).host;
    title = t('cancelOpening', { target: host });
    body = (
      <div class="cx-actions">
        <a class="cx-btn" href={leaving.href} rel="noopener">
          {t('cancelContinueTo', { host })}
        </a>
      </div>
    );
  } else if (leaving.action === 'manage_subscription') {
    title = t('cancelManageTitle');
    body = <p class="cx-lead">{t('cancelManageBody')}</p>;
  } else if (leaving.action === 'return_to_app') {
    title = t('cancelAllSet');
    body = <p class="cx-lead">{t('cancelCloseBack', { app: app.name })}</p>;
  } else {
    title = t('cancelOpenToContinue', { app: app.name });
    body = <p class="cx-lead">{t('cancelCloseContinue', { app: app.name })}</p>;
  }
  return (
    <Shell title={title} app={app} lang={w.lang} head={refresh}>
      <section class="cx-card cx-leave" aria-live="polite">
        <h1>{title}</h1>
        {body}
        {manage ? <StoreLinks w={w} /> : null}
      </section>
    </Shell>
  );
}

/** The preview's stand-in for an exit: what would fire, and the way back to the screen. It speaks to the owner (English). */
export function PreviewLeavePage(p: { app: ViewApp; label: string; leaving: Leaving; back: string }) {
  const l = p.leaving;
  return (
    <Shell title="Preview" app={p.app} lang="en" preview>
      <section class="cx-card cx-leave">
        <h1>“{p.label}” leaves the page</h1>
        {l.to === 'nowhere' ? (
          <p class="cx-lead">
            The app has no deep-link scheme, so nothing opens: the page explains what to do instead{l.action === 'manage_subscription' ? ' and links to the App Store and Google Play subscription pages' : ''}.
          </p>
        ) : (
          <>
            <p class="cx-lead">{l.to === 'app' ? 'In the app, the page would open this deep link:' : 'The page would open:'}</p>
            <p>
              <code class="cx-deeplink" data-would-open>
                {l.href}
              </code>
            </p>
          </>
        )}
        <div class="cx-actions">
          <a class="cx-btn secondary" href={p.back}>
            Back to the screen
          </a>
        </div>
      </section>
    </Shell>
  );
}

/** 404s, expired links, too many requests: the way to the store's subscription pages is always there. */
export function CancelMessagePage(p: { title: string; message: string; w: Words }) {
  return (
    <Layout title={p.title} lang={p.w.lang} styles={['steps.css', 'cancel.css']} bodyClass="cx theme-auto">
      <main class="cx-shell">
        <section class="cx-card cx-message">
          <h1>{p.title}</h1>
          <p class="cx-lead">{p.message}</p>
          <p class="cx-lead small">{p.w.t('cancelStoreHint')}</p>
          <StoreLinks w={p.w} />
        </section>
      </main>
    </Layout>
  );
}
