import { brandOfRow } from '../../kernel/pages/brand.js';
import type { FastifyInstance } from 'fastify';
import type { AppRow } from '../../apps/apps.store.js';
import type { Config } from '../../config.js';
import type { OperationDeps } from '../../kernel/http.js';
import { separateSignupHost } from '../../kernel/signup-host.js';
import { waitlistHostedForm } from '../waitlist/waitlist.pages.js';
import { registerHostedForm, type HostedForm } from './forms.hosted.js';
import type { Brand } from '../../kernel/pages/bare-page.js';
import type { FormKind } from './forms.kind.js';
import { FORM_KINDS, type FormsServices } from './forms.services.js';
import type { FormView } from './forms.view.js';

function kindHostedForm(kind: FormKind, m: FormsServices): HostedForm {
  return {
    body: kind.body,
    rateAction: `${kind.flow.type}.submit`,
    submit: (body, client) => m.submissions.submit(kind, body, client),
    async view(appSlug, flowSlug) {
      const p = await m.submissions.published(kind, appSlug, flowSlug);
      return kindView(kind, p.app, p.flow.slug, p.config);
    },
  };
}

/** The page of one feedback / report / contact config (published, or a draft in the dashboard's live preview). */
export function kindView(kind: FormKind, app: AppRow, flowSlug: string, c: any): FormView {
  return {
    app: { name: app.name, logoUrl: app.logo_url, ...brandOfRow(app) },
    hero: c.hero,
    intro: c.intro,
    fields: kind.pageFields(c),
    submitLabel: c.intro.submitLabel,
    success: c.success,
    api: `/api/public/${kind.flow.type}`,
    appSlug: app.slug,
    flowSlug,
    locale: c.locale,
    strings: c.strings,
  };
}

/**
 * Hosted pages on WEB_URL: /feedback|report|contact/<app>[/<flow>] and /waitlist/<app>[/<flow>].
 * Waitlists are also served at SIGNUP_URL/<app>[/<flow>] when SIGNUP_URL has a host of its own
 * (which then serves nothing else: kernel/signup-host.ts); when it shares WEB_URL's host those
 * catch-all paths would shadow every other page, so only /waitlist/... is served there.
 */
export function registerFormPages(app: FastifyInstance, m: FormsServices, config: Config, deps: OperationDeps, brand?: (appSlug: string) => Promise<Brand | undefined>) {
  const opts = { deps, rateLimit: m.rateLimit, brand };
  for (const kind of FORM_KINDS) {
    const t = kind.flow.type;
    registerHostedForm(app, [`/${t}/:appSlug`, `/${t}/:appSlug/:flowSlug`], kindHostedForm(kind, m), { ...opts, embeddable: true });
  }
  const waitlist = waitlistHostedForm(m);
  registerHostedForm(app, ['/waitlist/:appSlug', '/waitlist/:appSlug/:flowSlug'], waitlist, { ...opts, embeddable: true, visitorCookie: true });
  const signupHost = separateSignupHost(config);
  if (signupHost) registerHostedForm(app, ['/:appSlug', '/:appSlug/:flowSlug'], waitlist, { ...opts, host: signupHost, visitorCookie: true });
}
