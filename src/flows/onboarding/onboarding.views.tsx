import type { ComponentChildren } from 'preact';
import type { MessageKey, Translate } from '../../kernel/i18n.js';
import { Honeypot } from '../../kernel/pages/honeypot.js';
import { BackLink, wordsOf, type Words } from '../../kernel/pages/steps.js';
import type { OnboardingStep } from './onboarding.schema.js';
import { Shell, type FunnelUrls, type Look } from './onboarding.shell.js';
import { answerKeys } from './onboarding.warnings.js';
import { autoAdvances, isMulti, isRequired } from './onboarding.walk.js';

/**
 * The hosted funnel's screens: intro → one step per screen → the end (a leaving page into the
 * app, or the web handoff: onboarding.end.tsx). Every button is a submit button of the screen's one form (`b`,
 * onboarding.walk.ts) and Back is a link, so the funnel works without JavaScript;
 * public/onboarding.js only copies the claim token on the handoff. The same components render
 * the live page and the owner's preview. Built-in words come from the funnel's locale (config
 * `locale`, `strings`); the owner's words stay as written.
 */

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
