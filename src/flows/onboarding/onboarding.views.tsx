import type { ComponentChildren } from 'preact';
import type { MessageKey, Translate } from '../../kernel/i18n.js';
import { Honeypot } from '../../kernel/pages/honeypot.js';
import { titleFontClass } from '../../kernel/pages/fonts.js';
import { Layout } from '../../kernel/pages/layout.js';
import { BackLink, OpenLink, RefreshTo, StepShell, wordsOf, type StepApp, type Words } from '../../kernel/pages/steps.js';
import type { OnboardingConfig, OnboardingStep } from './onboarding.schema.js';
import { answerKeys } from './onboarding.warnings.js';
import { autoAdvances, isMulti, isRequired, type Screen } from './onboarding.walk.js';

/**
 * The hosted funnel's screens: intro → one step per screen → the end (a leaving page into the
 * app, or the web handoff). Every button is a submit button of the screen's one form (`b`,
 * onboarding.walk.ts) and Back is a link, so the funnel works without JavaScript;
 * public/onboarding.js only copies the claim token on the handoff. The same components render
 * the live page and the owner's preview. Built-in words come from the funnel's locale (config
 * `locale`, `strings`); the owner's words stay as written.
 */

/** Where a screen's form posts, the capability and state it carries, and where its links go. */
export interface FunnelUrls {
  action: string;
  /** The hidden capability field: `['t', sessionToken]`, or `['p', previewToken]`. */
  capability: [string, string];
  /** The sealed progress every form and link carries. */
  state: string;
  screen(s: Screen): string;
}

export interface Look {
  app: StepApp;
  config: OnboardingConfig;
  /** Framed in another site: the store link leaves the frame. */
  embed?: boolean;
  preview?: boolean;
}

const PREVIEW_NOTE = 'of the draft. Nothing is recorded and nothing is stored; the end shows what would happen.';

function Shell(p: { title: string; look: Look; head?: ComponentChildren; children: ComponentChildren }) {
  const hero = p.look.config.hero;
  // `dark` is a scheme (StepShell's flowTheme); the other themes are looks on whichever scheme.
  // side_by_side is a two-column form look; a funnel is one column, so it draws as minimal.
  const look = hero?.theme && hero.theme !== 'dark' && hero.theme !== 'side_by_side' ? `theme-${hero.theme}` : '';
  const classes = ['ob', look, titleFontClass(hero?.titleFont), p.look.embed ? 'ob-embed' : ''].filter(Boolean).join(' ');
  return (
    <StepShell
      title={p.title}
      app={p.look.app}
      lang={wordsOf(p.look.config).lang}
      preview={p.look.preview ? PREVIEW_NOTE : undefined}
      styles={['onboarding.css']}
      scripts={['onboarding.js']}
      accent={hero?.accentColor}
      flowTheme={hero?.theme}
      bodyClass={classes}
      head={p.head}
    >
      {p.children}
    </StepShell>
  );
}

/** One form per screen: the capability, the state and the screen it was posted from. */
function ScreenForm(p: { urls: FunnelUrls; at: number; children: ComponentChildren }) {
  return (
    <form method="post" action={p.urls.action} class="cx-form">
      <input type="hidden" name={p.urls.capability[0]} value={p.urls.capability[1]} />
      <input type="hidden" name="a" value={p.urls.state} />
      <input type="hidden" name="at" value={String(p.at)} />
      {p.children}
    </form>
  );
}

const Submit = (p: { value: string; label: string }) => (
  <button type="submit" name="b" value={p.value} class="cx-btn">
    {p.label}
  </button>
);

const Skip = ({ t }: { t: Translate }) => (
  <button type="submit" name="b" value="skip" formNoValidate class="cx-link ob-skip">
    {t('onboardingSkip')}
  </button>
);

const ErrorNote = (p: { id: string; message?: string }) =>
  p.message ? (
    <p class="errors" role="alert" id={p.id}>
      {p.message}
    </p>
  ) : null;

export function IntroPage(p: { look: Look; urls: FunnelUrls }) {
  const { intro, hero } = p.look.config;
  return (
    <Shell title={intro.title} look={p.look}>
      <ScreenForm urls={p.urls} at={0}>
        <section class="cx-card ob-intro">
          {hero?.heroImage ? <img class="ob-hero" src={hero.heroImage} alt="" /> : null}
          {/* intro.eyebrow, else the hero's (AppMate's clients set it there, as on every other type). */}
          {intro.eyebrow || hero?.eyebrow ? <p class="eyebrow">{intro.eyebrow || hero?.eyebrow}</p> : null}
          <h1>{intro.title}</h1>
          {intro.subtitle ? <p class="cx-lead">{intro.subtitle}</p> : null}
          <div class="cx-actions">
            <Submit value="start" label={intro.startLabel} />
          </div>
        </section>
      </ScreenForm>
    </Shell>
  );
}

export interface StepProps {
  look: Look;
  urls: FunnelUrls;
  index: number;
  /** The step's carried answer: picked option keys, or the email. */
  prefill?: string[] | string;
  /** The step again after a refused answer (a catalog key). */
  error?: MessageKey;
}

function titleOf(s: OnboardingStep) {
  return s.kind === 'question' ? s.prompt : s.title;
}

export function StepPage(p: StepProps) {
  const c = p.look.config;
  const step = c.steps[p.index];
  const n = c.steps.length;
  const back = p.index === 0 ? p.urls.screen({ kind: 'intro' }) : p.urls.screen({ kind: 'step', index: p.index - 1 });
  const last = p.index === n - 1;
  const w = wordsOf(c);
  const error = p.error ? w.t(p.error) : undefined;
  return (
    <Shell title={titleOf(step)} look={p.look}>
      <div class="ob-top">
        <BackLink href={back} label={w.t('stepBack')} />
        <div class="ob-progress">
          <span id="ob-progress">{w.t('onboardingProgress', { n: p.index + 1, total: n })}</span>
          <progress max={n} value={p.index + 1} aria-labelledby="ob-progress" />
        </div>
      </div>
      <ScreenForm urls={p.urls} at={p.index + 1}>
        <section class={`cx-card ob-step ob-${step.kind}`}>
          {step.kind === 'question' ? <Question step={step} options={answerKeys(c)[p.index].options} prefill={p.prefill} error={error} w={w} /> : null}
          {step.kind === 'info' ? <Info step={step} w={w} /> : null}
          {step.kind === 'email_capture' ? <Email step={step} prefill={typeof p.prefill === 'string' ? p.prefill : undefined} error={error} w={w} /> : null}
          {/* Bots fill every field; the last step's post completes the funnel. */}
          {last ? <Honeypot id="ob-website" label={w.t('website')} /> : null}
        </section>
      </ScreenForm>
    </Shell>
  );
}

function Question(p: { step: Extract<OnboardingStep, { kind: 'question' }>; options: string[]; prefill?: string[] | string; error?: string; w: Words }) {
  const { step } = p;
  const { t } = p.w;
  const multi = isMulti(step);
  const buttons = autoAdvances(step);
  const picked = new Set(Array.isArray(p.prefill) ? p.prefill : []);
  const sub = step.subtitle || (multi ? t('stepPickAll') : '');
  const describedBy = [sub ? 'ob-sub' : '', p.error ? 'ob-error' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <fieldset class="cx-fields" aria-describedby={describedBy}>
        <legend>
          <h1>{step.prompt}</h1>
        </legend>
        {sub ? (
          <p class="cx-lead" id="ob-sub">
            {sub}
          </p>
        ) : null}
        <ErrorNote id="ob-error" message={p.error} />
        <div class="cx-choices">
          {step.options.map((o, i) => {
            const key = p.options[i];
            const text = (
              <span class="cx-choice-text">
                {o.emoji ? <span class="ob-emoji" aria-hidden="true">{o.emoji}</span> : null}
                {o.label}
              </span>
            );
            return buttons ? (
              <button type="submit" name="b" value={`pick:${key}`} formNoValidate class={picked.has(key) ? 'cx-choice ob-picked' : 'cx-choice'} aria-pressed={picked.has(key) ? 'true' : undefined}>
                {text}
                <span class="cx-chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            ) : (
              <label class="cx-choice">
                <input type={multi ? 'checkbox' : 'radio'} name="o" value={key} checked={picked.has(key)} required={!multi && isRequired(step)} />
                {text}
              </label>
            );
          })}
        </div>
      </fieldset>
      {buttons && isRequired(step) ? null : (
        <div class="cx-actions">
          {buttons ? null : <Submit value="next" label={t('stepContinue')} />}
          {isRequired(step) ? null : <Skip t={t} />}
        </div>
      )}
    </>
  );
}

function Info(p: { step: Extract<OnboardingStep, { kind: 'info' }>; w: Words }) {
  const { step } = p;
  return (
    <>
      {step.imageUrl ? <img class="ob-image" src={step.imageUrl} alt="" /> : null}
      <h1>{step.title}</h1>
      {step.body ? <p class="cx-body">{step.body}</p> : null}
      <div class="cx-actions">
        <Submit value="next" label={step.continueLabel || p.w.t('stepContinue')} />
      </div>
    </>
  );
}

function Email(p: { step: Extract<OnboardingStep, { kind: 'email_capture' }>; prefill?: string; error?: string; w: Words }) {
  const { step } = p;
  const { t } = p.w;
  const required = isRequired(step);
  const describedBy = [step.subtitle ? 'ob-sub' : '', p.error ? 'ob-error' : '', step.legal ? 'ob-legal' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <h1>{step.title}</h1>
      {step.subtitle ? (
        <p class="cx-lead" id="ob-sub">
          {step.subtitle}
        </p>
      ) : null}
      <ErrorNote id="ob-error" message={p.error} />
      <div class="field ob-email">
        <label for="ob-email">
          {t('emailAddress')}
          {required ? null : <span class="hint"> {t('optional')}</span>}
        </label>
        <input
          id="ob-email"
          type="email"
          name="email"
          value={p.prefill ?? ''}
          placeholder={step.placeholder || t('onboardingEmailPlaceholder')}
          autocomplete="email"
          inputMode="email"
          autocapitalize="off"
          spellcheck={false}
          maxLength={254}
          required={required}
          aria-invalid={p.error ? 'true' : undefined}
          aria-describedby={describedBy}
        />
      </div>
      {step.legal ? (
        <p class="legal" id="ob-legal">
          {step.legal}
        </p>
      ) : null}
      <div class="cx-actions">
        <Submit value="next" label={step.submitLabel || t('stepContinue')} />
        {required ? null : <Skip t={t} />}
      </div>
    </>
  );
}

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
