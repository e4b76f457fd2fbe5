import type { ComponentChildren } from 'preact';
import { Layout } from '../../kernel/pages/layout.js';
import { OpenLink, RefreshTo, wordsOf } from '../../kernel/pages/steps.js';
import { Shell, type Look } from './onboarding.shell.js';

/** The funnel's ends: into the app, the web handoff, the owner preview's end; and its message page. */

/**
 * The end in the app: a page that meta-refreshes to the deep link
 * `{scheme}://retention-flow/action?type=onboarding_complete&session_id=…&claim_token=amob_…`,
 * with the same link to tap when nothing happens.
 */
export function InAppEndPage(p: { look: Look; href: string }) {
  const { app, config } = p.look;
  const { t } = wordsOf(config);
  return (
    <Shell title={config.handoff.title} look={p.look} head={<RefreshTo href={p.href} />}>
      <section class="cx-card ob-end" aria-live="polite">
        <div class="ob-mark" aria-hidden="true">
          ✓
        </div>
        <h1>{config.handoff.title}</h1>
        <p class="cx-lead">{t('onboardingBackTo', { app: app.name })}</p>
        <div class="cx-actions">
          <OpenLink href={p.href}>{t('onboardingContinueIn', { app: app.name })}</OpenLink>
        </div>
      </section>
    </Shell>
  );
}

/**
 * The end on the web: the handoff. The raw `amob_` claim token is never shown (#32): it travels
 * only where the app reads it. The CTA goes to the store; with JavaScript it first copies the
 * token (the app reads it from the clipboard on first launch, WIRE C). When the app has a
 * deep-link scheme on file, "Open {app}" is its deep link carrying the token (for someone who
 * has the app, or comes back once it is installed; without JavaScript that is the way). Without
 * a store URL the page offers, with JavaScript, to copy the code: never a broken link.
 */
export function HandoffPage(p: { look: Look; claimToken: string; openHref?: string; preview?: ComponentChildren }) {
  const { app, config, embed } = p.look;
  const { t } = wordsOf(config);
  const h = config.handoff;
  const open = t('stepOpenApp', { app: app.name });
  return (
    <Shell title={h.title} look={p.look}>
      {p.preview}
      <section class="cx-card ob-end ob-handoff">
        <div class="ob-mark" aria-hidden="true">
          ✓
        </div>
        <h1>{h.title}</h1>
        {h.body ? <p class="cx-body">{h.body}</p> : null}
        <div class="cx-actions">
          {h.appStoreUrl ? (
            <a class="cx-btn" href={h.appStoreUrl} data-copy={p.claimToken} rel="noopener" target={embed ? '_top' : undefined}>
              {h.ctaLabel}
            </a>
          ) : (
            <button type="button" class="cx-btn" data-copy={p.claimToken} hidden data-js>
              {t('onboardingCopyCode')}
            </button>
          )}
          {p.openHref ? (
            <a class="cx-btn secondary" href={p.openHref} data-deep-link target={embed ? '_top' : undefined}>
              {open}
            </a>
          ) : null}
        </div>
        {/* public/onboarding.js says these, in the page's language. */}
        <p class="ob-copied" role="status" data-copy-status data-msg-copied={t('onboardingCopied')} data-msg-copy-failed={t('onboardingCopyFailed')}></p>
        <div class="ob-code">
          {p.openHref ? (
            <p class="ob-code-help" data-nojs>
              {t('onboardingComeBack', { app: app.name, open })}
            </p>
          ) : null}
          <p class="ob-code-help" data-js hidden>
            {h.appStoreUrl ? t('onboardingCtaCopies', { label: h.ctaLabel, app: app.name }) : t('onboardingTapCopy', { copy: t('onboardingCopyCode'), app: app.name })}
          </p>
        </div>
        {h.legal ? <p class="legal">{h.legal}</p> : null}
      </section>
    </Shell>
  );
}

/** The preview's end: what would be stored, and what the live page would do in the app and on the web. */
export function PreviewEndPage(p: { look: Look; answers: unknown; email?: string; deepLink: string | null; back: string }) {
  const summary = (
    // Words for the owner (English, like the dashboard), on a page in the funnel's language.
    <section class="cx-card ob-preview-end" lang="en">
      <h1>The end of the funnel</h1>
      <p class="cx-lead">The live page would store these answers (keyed by answer key) and mint a claim token valid 7 days:</p>
      <pre class="cx-deeplink" data-would-store>
        {JSON.stringify({ answers: p.answers, ...(p.email ? { email: p.email } : {}) }, null, 2)}
      </pre>
      {p.deepLink ? (
        <>
          <p class="cx-lead">In the app, the page would then open this deep link:</p>
          <p>
            <code class="cx-deeplink" data-would-open>
              {p.deepLink}
            </code>
          </p>
        </>
      ) : (
        <p class="cx-lead">In the app, the page would open the app’s deep link with the claim token (the app has no deepLinkScheme on file; the SDK’s scheme is used).</p>
      )}
      <p class="cx-lead">On the web, it shows the handoff below, with a real token.</p>
      <div class="cx-actions">
        <a class="cx-btn secondary" href={p.back}>
          Back to the last step
        </a>
      </div>
    </section>
  );
  return <HandoffPage look={p.look} claimToken={`amob_${'PREVIEW0'.repeat(4)}`} preview={summary} />;
}

/** 404s, expired links, too many requests. */
export function FunnelMessagePage(p: { title: string; message: string; lang: string }) {
  return (
    <Layout title={p.title} lang={p.lang} styles={['steps.css', 'onboarding.css']} bodyClass="cx theme-auto ob">
      <main class="cx-shell">
        <section class="cx-card cx-message">
          <h1>{p.title}</h1>
          <p class="cx-lead">{p.message}</p>
        </section>
      </main>
    </Layout>
  );
}
