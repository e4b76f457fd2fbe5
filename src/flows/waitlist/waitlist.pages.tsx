import { iconShows, NamedIcon } from '../../kernel/pages/icons.js';
import { brandOfRow } from '../../kernel/pages/brand.js';
import type { AppRow } from '../../apps/apps.store.js';
import { translator, type Translate } from '../../kernel/i18n.js';
import type { HostedForm } from '../forms/forms.hosted.js';
import { customPageFields, type PageField } from '../forms/forms.kind.js';
import type { FormsServices } from '../forms/forms.services.js';
import type { FormView } from '../forms/forms.view.js';
import { shownSuccess, signupBody, type WaitlistConfig } from './waitlist.schema.js';

/** "1,234 on the waitlist": the number is its own element so the enhancement script can raise it. */
function CountPill({ count, t }: { count: number; t: Translate }) {
  const [before, after] = t('onWaitlist').split('{n}');
  return (
    <p class="pill">
      <span aria-hidden="true">●</span> {before}
      <span data-count={String(count)}>{count.toLocaleString('en-US')}</span>
      {after}
    </p>
  );
}

function Extras({ hero }: { hero: NonNullable<WaitlistConfig['hero']> }) {
  return (
    <>
      {hero.bullets?.length ? (
        <ul class="bullets">
          {hero.bullets.map((b) => (
            <li>
              {/* An emoji as written, an icon name as its glyph, an unknown name not at all. */}
              {iconShows(b.icon) ? (
                <span class="icon" aria-hidden="true">
                  <NamedIcon name={b.icon} />
                </span>
              ) : null}
              <span>
                <strong>{b.title}</strong>
                {b.body ? <span class="muted">{b.body}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {hero.heroImage ? <img class="hero-image" src={hero.heroImage} alt="" loading="lazy" /> : null}
    </>
  );
}

/** The waitlist landing page: email (plus any custom fields), bullets, image and the count pill. */
export function waitlistHostedForm(m: FormsServices): HostedForm {
  return {
    body: signupBody,
    rateAction: 'waitlist.signup',
    submit: (body, client) => m.waitlist.signup(body, client),
    async view(appSlug, flowSlug, client, pageView) {
      // While an experiment runs, this visitor's variant; a page view counts them once.
      const p = await m.waitlist.forVisitor(appSlug, flowSlug, client, pageView);
      return waitlistView(p.app, p.flow.slug, p.config as WaitlistConfig, await m.waitlist.visibleCount(p));
    },
  };
}

/** The page of one waitlist config (published, or a draft in the dashboard's live preview). */
export function waitlistView(app: AppRow, flowSlug: string, c: WaitlistConfig, count: number | undefined): FormView {
  const email: PageField = { kind: 'input', type: 'email', name: 'email', label: { t: 'emailAddress' }, placeholder: c.intro.emailPlaceholder, required: true, maxLength: 254, autocomplete: 'email' };
  return {
    app: { name: app.name, logoUrl: app.logo_url, ...brandOfRow(app) },
    hero: c.hero,
    intro: c.intro,
    fields: [email, ...customPageFields(c.fields)],
    submitLabel: c.intro.submitLabel,
    success: shownSuccess(c.success),
    api: '/api/public/waitlist',
    appSlug: app.slug,
    flowSlug,
    locale: c.locale,
    strings: c.strings,
    badge: count === undefined ? undefined : <CountPill count={count} t={translator(c.locale, c.strings)} />,
    extras: c.hero?.bullets?.length || c.hero?.heroImage ? <Extras hero={c.hero} /> : undefined,
  };
}
