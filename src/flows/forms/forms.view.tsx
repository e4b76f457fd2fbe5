import type { ComponentChildren } from 'preact';
import { FORM_TOKEN_FIELD } from '../../kernel/pages/form-token.js';
import { Honeypot } from '../../kernel/pages/honeypot.js';
import { translator, type Locale, type MessageKey, type Translate } from '../../kernel/i18n.js';
import { accentOf, heroThemeOf, type AppBrand } from '../../kernel/pages/brand.js';
import { Layout } from '../../kernel/pages/layout.js';
import type { PageField } from './forms.kind.js';

/** Everything a hosted form page shows (feedback, report, contact, waitlist). */
export interface FormView {
  /** The app: its name and logo, and its accent and scheme where the flow's hero sets none (kernel/pages/brand.ts). */
  app: { name: string; logoUrl?: string | null } & AppBrand;
  hero?: { theme?: string; eyebrow?: string; accentColor?: string };
  intro: { title: string; subtitle: string; legal?: string };
  fields: PageField[];
  submitLabel: string;
  success: { title: string; body: string; ctaLabel?: string; ctaUrl?: string };
  /** Public API the enhancement script posts JSON to. */
  api: string;
  appSlug: string;
  flowSlug: string;
  /** Under the subtitle (the waitlist count pill). */
  badge?: ComponentChildren;
  /** After the form on a phone, beside it in side_by_side (waitlist bullets and hero image). */
  extras?: ComponentChildren;
  /** Language of the built-in words (config `locale`) and the owner's replacements (config `strings`). */
  locale?: Locale;
  strings?: Partial<Record<MessageKey, string>>;
}

export interface FormState {
  /** Show the success screen (no-JS flow after the 303, with its signed receipt). */
  done?: boolean;
  /** The address was already on the list: the success screen says so. */
  already?: boolean;
  /** Typed values to keep after a rejected submission. */
  values?: Record<string, string>;
  error?: string;
  /** Field name -> message. */
  fieldErrors?: Record<string, string>;
  /** Anti-forgery token of the form post (kernel/pages/form-token.ts). */
  token?: string;
  /** An embed's `?compact=1`: the form alone (title, fields, button), tight spacing, no decoration. */
  compact?: boolean;
}

const THEMES = ['minimal', 'gradient', 'dark', 'side_by_side'];

function Success({ s, hidden, already, t }: { s: FormView['success']; hidden?: boolean; already?: boolean; t: Translate }) {
  return (
    <div class="success" data-success hidden={hidden} tabIndex={-1}>
      <div class="success-mark" aria-hidden="true">✓</div>
      <h2>{s.title}</h2>
      <p class="notice" data-already hidden={!already}>
        {t('alreadyOnList')}
      </p>
      <p class="muted">{s.body}</p>
      {s.ctaLabel && s.ctaUrl ? (
        <a class="button" href={s.ctaUrl} rel="noopener">
          {s.ctaLabel}
        </a>
      ) : null}
    </div>
  );
}

function Field({ f, value, error, focus, t }: { f: PageField; value?: string; error?: string; focus?: boolean; t: Translate }) {
  const id = `f-${f.name.replace(/\./g, '-')}`;
  const name = typeof f.label === 'string' ? f.label : t(f.label.t);
  // Optional text inputs and selects say so; a required star rating says that instead.
  const label =
    f.kind !== 'checkbox' && f.kind !== 'stars' && f.kind !== 'choice' && !f.required ? (
      <>
        {name}
        <span class="hint"> {t('optional')}</span>
      </>
    ) : (
      name
    );
  const errId = `${id}-error`;
  const aria = { 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': error ? errId : undefined, autofocus: focus || undefined };
  const err = error ? (
    <p class="error" id={errId}>
      {error}
    </p>
  ) : null;
  switch (f.kind) {
    case 'textarea':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          <textarea id={id} name={f.name} placeholder={f.placeholder} required={f.required} maxLength={f.maxLength} rows={5} {...aria}>
            {value ?? ''}
          </textarea>
          {err}
        </div>
      );
    case 'input':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          <input id={id} type={f.type as 'text'} name={f.name} value={value ?? ''} placeholder={f.placeholder} required={f.required} maxLength={f.maxLength} autocomplete={f.autocomplete} inputMode={f.type === 'email' ? 'email' : undefined} {...aria} />
          {err}
        </div>
      );
    case 'stars':
      // A radio group in 1→5 order (arrow keys go up the scale). `:has()` in forms.css fills every
      // star up to the pick, and shows "n of 5" beside them, without JavaScript.
      return (
        <fieldset class="field">
          <legend>
            {name}
            {f.required ? <span class="hint"> {t('required')}</span> : null}
          </legend>
          <div class="stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <>
                <input type="radio" id={`${id}-${n}`} name={f.name} value={String(n)} checked={value === String(n)} required={f.required && n === 1} autofocus={(focus && n === 1) || undefined} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? errId : undefined} />
                <label for={`${id}-${n}`}>
                  <span aria-hidden="true">★</span>
                  <span class="visually-hidden">{t('starsOf', { n })}</span>
                </label>
              </>
            ))}
            <span class="stars-value" aria-hidden="true">
              {[1, 2, 3, 4, 5].map((n) => (
                <span data-n={String(n)}>{t('starsOf', { n })}</span>
              ))}
            </span>
          </div>
          {err}
        </fieldset>
      );
    case 'choice':
      return (
        <fieldset class="field">
          <legend>{name}</legend>
          <div class="choices">
            {f.options.map((o) => (
              <label class="choice">
                <input type="radio" name={f.name} value={o.value} checked={value === o.value} required={f.required} autofocus={(focus && o === f.options[0]) || undefined} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? errId : undefined} />
                <span class="choice-text">
                  {o.emoji ? <span aria-hidden="true">{o.emoji} </span> : null}
                  {o.label}
                  {o.hint ? <small class="hint">{o.hint}</small> : null}
                </span>
              </label>
            ))}
          </div>
          {err}
        </fieldset>
      );
    case 'select':
      return (
        <div class="field">
          <label for={id}>{label}</label>
          <select id={id} name={f.name} required={f.required} {...aria}>
            <option value="">{t('choose')}</option>
            {f.options.map((o) => (
              <option value={o} selected={value === o}>
                {o}
              </option>
            ))}
          </select>
          {err}
        </div>
      );
    case 'checkbox':
      return (
        <div class="field check">
          <label for={id}>
            <input type="checkbox" id={id} name={f.name} value="true" checked={value === 'true'} /> {name}
          </label>
          {err}
        </div>
      );
  }
}

/** The hosted form page: works as a plain POST form; /assets/forms.js upgrades it to fetch + in-place success. */
export function FormPage({ v, state }: { v: FormView; state: FormState }) {
  const t = translator(v.locale, v.strings);
  const firstError = v.fields.find((f) => state.fieldErrors?.[f.name])?.name;
  const theme = heroThemeOf(v.hero?.theme, THEMES, v.app);
  return (
    <Layout
      lang={v.locale ?? 'en'}
      title={`${v.intro.title || v.app.name} · ${v.app.name}`}
      description={v.intro.subtitle}
      accent={accentOf(v.hero?.accentColor, v.app)}
      icon={v.app.logoUrl}
      image={v.app.logoUrl}
      siteName={v.app.name}
      bodyClass={`theme-${theme}${state.compact ? ' compact' : ''}`}
      styles={['forms.css']}
      scripts={['forms.js']}
    >
      <main class={`shell${theme === 'side_by_side' && !state.compact ? ' wide' : ''}`}>
        <div class="split">
          {state.compact ? (
            // The host page around the embed is the app's own: no hero, just the form's title.
            <h1 class="compact-title">{v.intro.title || v.app.name}</h1>
          ) : (
            <header class="intro">
              <div class="brand">
                {v.app.logoUrl ? <img src={v.app.logoUrl} alt="" width={40} height={40} /> : null}
                <span>{v.app.name}</span>
              </div>
              {v.hero?.eyebrow ? <span class="eyebrow">{v.hero.eyebrow}</span> : null}
              <h1>{v.intro.title}</h1>
              {v.intro.subtitle ? <p class="muted lead">{v.intro.subtitle}</p> : null}
              {v.badge}
            </header>
          )}
          <section class="card form-card" aria-live="polite">
            {state.done ? (
              <Success s={v.success} already={state.already} t={t} />
            ) : (
              <>
                <form method="post" data-api={v.api} data-app-slug={v.appSlug} data-flow-slug={v.flowSlug} data-msg-error={t('somethingWrong')} data-msg-too-many={t('tooManyBody')}>
                  <p class="errors" role="alert" data-error hidden={!state.error} tabIndex={-1}>
                    {state.error}
                  </p>
                  {v.fields.map((f) => (
                    // The first field in error takes the focus: `autofocus` needs no JavaScript.
                    <Field f={f} value={state.values?.[f.name]} error={state.fieldErrors?.[f.name]} focus={f.name === firstError} t={t} />
                  ))}
                  {state.token ? <input type="hidden" name={FORM_TOKEN_FIELD} value={state.token} /> : null}
                  <Honeypot id="f-website" label={t('website')} />
                  <button type="submit">{v.submitLabel || t('submit')}</button>
                  {v.intro.legal ? <p class="legal">{v.intro.legal}</p> : null}
                </form>
                <Success s={v.success} hidden t={t} />
              </>
            )}
          </section>
          {v.extras && !state.compact ? <section class="extras">{v.extras}</section> : null}
        </div>
      </main>
    </Layout>
  );
}
