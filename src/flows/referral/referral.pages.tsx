import { accentOf, brandOfRow, schemeClassOf } from '../../kernel/pages/brand.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Config } from '../../config.js';
import { AppError } from '../../kernel/errors.js';
import { negotiate, translator } from '../../kernel/i18n.js';
import { clientInfo, type CountryLookup } from '../../kernel/identity.js';
import { checkFormToken, FORM_TOKEN_FIELD, formToken } from '../../kernel/pages/form-token.js';
import { Layout, MessagePage } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { usableScheme } from '../../kernel/sessions/deep-link.js';
import type { ReferralConfig } from './referral.schema.js';
import { displayCode, normalizeCode, type ReferralService } from './referral.service.js';
import type { ReferralStore } from './referral.store.js';

type Req = FastifyRequest<{ Params: { code: string }; Body: Record<string, string | undefined> }>;

/** `{scheme}://retention-flow/action?type=referral&code=<code>` (WIRE C): the installed app attributes at once. */
export const referralDeepLink = (scheme: string, code: string) => `${scheme}://retention-flow/action?type=referral&code=${encodeURIComponent(code)}`;

interface Invite {
  app: AppRow;
  config: ReferralConfig;
  code: string;
  /** The app's deep link, when it has a scheme a page may open. */
  deepLink?: string;
  /** Where people without the app go (the store or the website, per config), if set. */
  fallback?: string;
}

/** The invite landing; built-in words in the config's `locale` (with its `strings`), the owner's as written. */
function InvitePage(p: { invite: Invite; token: string; claimToken?: string; error?: string }) {
  const { config: c, app, code } = p.invite;
  const t = translator(c.locale, c.strings);
  const l = c.landing;
  const referee = c.rewards.refereeEnabled ? c.rewards.refereeLabel : undefined;
  const description = [l.subtitle, referee].filter(Boolean).join(' ');
  return (
    <Layout
      lang={c.locale ?? 'en'}
      title={`${l.title} · ${app.name}`}
      description={description}
      styles={['forms.css', 'referral.css']}
      scripts={['referral.js']}
      accent={accentOf(null, brandOfRow(app))}
      bodyClass={['theme-gradient', schemeClassOf(brandOfRow(app))].filter(Boolean).join(' ')}
      icon={app.logo_url}
      image={app.logo_url}
      siteName={app.name}
    >
      <main class="shell narrow invite">
        <section class="card form-card">
          <div class="brand">
            {app.logo_url ? <img src={app.logo_url} alt="" width={40} height={40} /> : null}
            <span>{app.name}</span>
          </div>
          {l.eyebrow ? <span class="eyebrow">{l.eyebrow}</span> : null}
          <h1>{l.title}</h1>
          {l.subtitle ? <p class="muted lead">{l.subtitle}</p> : null}
          {referee ? <p class="pill reward">{referee}</p> : null}
          <p class="muted">
            {t('referralInviteCode')} <strong class="code">{displayCode(code)}</strong>
          </p>
          {p.claimToken ? (
            <div class="handoff" data-claimed>
              <p>{t('referralCopyThen')}</p>
              <p>
                <label for="claim">{t('referralToken')}</label>
                <input id="claim" type="text" readonly value={p.claimToken} />
              </p>
              {p.invite.deepLink ? (
                <p>
                  <a class="button" href={p.invite.deepLink}>
                    {t('stepOpenApp', { app: app.name })}
                  </a>
                </p>
              ) : null}
              {p.invite.fallback ? (
                <p>
                  <a class="button secondary" href={p.invite.fallback}>
                    {c.landing.fallback === 'website' ? t('referralWebsite') : t('referralGetApp')}
                  </a>
                </p>
              ) : (
                <p class="muted">{t('referralInstall', { app: app.name })}</p>
              )}
            </div>
          ) : (
            <form method="post" data-referral data-app={app.slug} data-code={code} data-deeplink={p.invite.deepLink} data-fallback={p.invite.fallback}>
              <p class="errors" role="alert" data-error hidden={!p.error} tabIndex={-1}>
                {p.error}
              </p>
              <input type="hidden" name={FORM_TOKEN_FIELD} value={p.token} />
              <button type="submit">{l.ctaLabel}</button>
            </form>
          )}
          {l.legal ? <p class="legal">{l.legal}</p> : null}
        </section>
      </main>
    </Layout>
  );
}

/**
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): the invite landing of
 * a sample code (no invite is looked up or created). The button's form carries a placeholder
 * token, and the preview frame lets no form post and no script run: nothing is claimed.
 */
export function referralDraftView(config: ReferralConfig, app: AppRow, screen?: string) {
  const scheme = usableScheme(app.deep_link_scheme);
  const l = config.landing;
  const code = 'PREVIEW1';
  const invite: Invite = { app, config, code, deepLink: scheme ? referralDeepLink(scheme, code) : undefined, fallback: l.fallback === 'website' ? l.websiteUrl : l.appStoreUrl };
  // `claimed`: the page after the button without JavaScript, with a placeholder claim token.
  return <InvitePage invite={invite} token="preview" claimToken={screen === 'claimed' ? `amrf_${'PREVIEW0'.repeat(4)}` : undefined} />;
}

export const referralScreens = () => [
  { id: 'invite', label: 'Invite page' },
  { id: 'claimed', label: 'After the button (without JavaScript)' },
];

/**
 * The invite page `WEB_URL/r/<code>` (any case, dashes and spaces ignored: QR codes may carry it
 * upper-cased). GET shows the landing and creates nothing (link-preview bots see Open Graph tags
 * and stop there). The button, with JavaScript (public/referral.js): claim-intent through the
 * public API, the `amrf_` token onto the clipboard, the app's deep link, and after a moment the
 * store or the website. Without JavaScript it posts here: the same claim-intent, and a page with
 * the token to copy and the links.
 */
export function registerReferralPages(app: FastifyInstance, deps: { referrals: ReferralService; store: ReferralStore; apps: AppService; config: Config; country: CountryLookup }) {
  const { referrals, store, config } = deps;

  async function load(raw: string): Promise<Invite | undefined> {
    const code = normalizeCode(raw);
    if (!/^[A-Z0-9]{8}$/.test(code)) return undefined;
    const row = await store.byCode(code);
    if (!row) return undefined;
    const appRow = await deps.apps.byId(row.app_id);
    if (!appRow) return undefined;
    const p = await referrals.published(appRow.slug).catch((e) => (e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e)));
    if (!p) return undefined;
    const scheme = usableScheme(appRow.deep_link_scheme);
    const l = p.config.landing;
    return {
      app: appRow,
      config: p.config,
      code,
      deepLink: scheme ? referralDeepLink(scheme, code) : undefined,
      fallback: l.fallback === 'website' ? l.websiteUrl : l.appStoreUrl,
    };
  }
  // Pages without an invite's config (an unknown code, a rate limit) speak the visitor's language (Accept-Language).
  const visitorPage = (reply: FastifyReply, status: number, title: 'referralNotFoundTitle' | 'tooManyTitle', message: 'referralNotFoundBody' | 'tooManyBody') => {
    const lang = negotiate(reply.request.headers['accept-language']);
    const t = translator(lang);
    return sendPage(reply, MessagePage({ title: t(title), message: t(message), lang }), { status });
  };
  const gone = (reply: FastifyReply) => visitorPage(reply, 404, 'referralNotFoundTitle', 'referralNotFoundBody');
  const scope = (code: string) => `/r\n${code}`;
  const tokenFor = (request: Req, code: string) => formToken(config.secret, scope(code), clientInfo(request, config.secret, deps.country).ipHash);

  const show = async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const invite = await load(request.params.code);
    if (!invite) return gone(reply);
    return sendPage(reply, <InvitePage invite={invite} token={tokenFor(request as Req, invite.code)} />);
  };
  app.get('/r/:code', { schema: { hide: true } }, show);
  // The QR-friendly form: a QR code's compact alphanumeric mode holds upper case only, so
  // `HTTPS://WEB.EXAMPLE/R/K7Q4R9XP` must work too (hosts are case-insensitive, paths are not).
  app.get('/R/:code', { schema: { hide: true } }, show);

  app.post<{ Params: { code: string }; Body: Record<string, string | undefined> }>(
    '/r/:code',
    {
      schema: { hide: true },
      config: publicLimit(config.publicRateLimit, 'referral.intent'),
      errorHandler: (err: { statusCode?: number }, _request, reply) => {
        if (err.statusCode !== 429) throw err;
        return visitorPage(reply, 429, 'tooManyTitle', 'tooManyBody');
      },
    },
    async (request, reply) => {
      const invite = await load(request.params.code);
      if (!invite) return gone(reply);
      const client = clientInfo(request, config.secret, deps.country);
      const token = tokenFor(request, invite.code);
      if (!checkFormToken(config.secret, scope(invite.code), client.ipHash, request.body?.[FORM_TOKEN_FIELD])) {
        return sendPage(reply, <InvitePage invite={invite} token={token} error={translator(invite.config.locale, invite.config.strings)('formExpired')} />, { status: 403 });
      }
      const { claimToken } = await referrals.claimIntent({ appSlug: invite.app.slug, code: invite.code }, client);
      return sendPage(reply, <InvitePage invite={invite} token={token} claimToken={claimToken} />);
    },
  );
}
