import { createContext } from 'preact';
import type { App } from '../apps/apps.schema.js';
import type { FlowEnvelope } from '../kernel/flows/flows.service.js';
import type { FlowTypeDef } from '../kernel/flows/registry.js';
import { flowTypeOf, QR_FLOWS } from '../kernel/flows/qr-flows.js';

/**
 * "Where is my page": what a flow's editor and tab show once it is published — the live URL
 * with a copy button, its QR code, the embed snippet where the type embeds, and the iOS SDK
 * call that opens it. Everything is computed from the flow envelope and the server's URLs.
 */

export interface LiveInfo {
  appSlug: string;
  /** Registry type (`link_page`) and URL segment (`link-page`). */
  type: string;
  segment: string;
  label: string;
  flowSlug: string;
  primary: boolean;
  /** The live version, null while never published. */
  published: number | null;
  /** The hosted page (FlowTypeDef.publicUrl), null for a type without one. */
  publicUrl: string | null;
  /** Further addresses of the same flow (legal's terms and store answers, a frozen version). */
  more: { label: string; url: string }[];
  webUrl: string;
  baseUrl: string;
  urlScheme: string | null;
}

/** Types with an embeddable copy under `/embed/<type>/<app>` (docs/embeds.md). */
const EMBEDDABLE = new Set(['wishlist', 'onboarding', 'feedback', 'report', 'contact', 'waitlist']);

/** Legal's extra envelope fields (legal.flow.ts `extras`), in the order an owner needs them. */
const MORE_URLS: [key: string, label: string][] = [
  ['terms', 'Terms of use'],
  ['appStorePrivacy', 'App Store privacy answers'],
  ['playDataSafety', 'Google Play data safety answers'],
  ['versionUrl', 'This version, frozen'],
];

export function liveInfo(d: FlowTypeDef, app: Pick<App, 'slug' | 'deepLinkScheme'>, env: FlowEnvelope, urls: { webUrl: string; baseUrl: string }): LiveInfo {
  const more = MORE_URLS.flatMap(([key, label]) => (typeof env[key] === 'string' && env[key] !== env.publicUrl ? [{ label, url: env[key] as string }] : []));
  return {
    appSlug: app.slug,
    type: d.type,
    segment: d.segment,
    label: d.label,
    flowSlug: env.flow.slug,
    primary: env.flow.isPrimary,
    published: env.published?.versionNumber ?? null,
    publicUrl: typeof env.publicUrl === 'string' ? env.publicUrl : null,
    more,
    webUrl: urls.webUrl,
    baseUrl: urls.baseUrl,
    urlScheme: app.deepLinkScheme ?? null,
  };
}

/** The `{flow}` of `/api/public/qr/{app}/{flow}` for a flow with one page (a referral's code is per user). */
export function qrFlowOf(l: Pick<LiveInfo, 'type'>): string | undefined {
  return QR_FLOWS.find((f) => f !== 'referral' && flowTypeOf(f) === l.type);
}

/** Same-origin path of the flow's QR image (the dashboard and the public QR route are one server); a secondary flow by its slug. */
export const qrPath = (l: LiveInfo, format: 'png' | 'svg', size: number) => {
  const flow = qrFlowOf(l);
  const secondary = l.primary ? '' : `&flowSlug=${encodeURIComponent(l.flowSlug)}`;
  return flow ? `/api/public/qr/${encodeURIComponent(l.appSlug)}/${flow}?format=${format}&size=${size}${secondary}` : undefined;
};

export function embedUrl(l: LiveInfo): string | undefined {
  if (!EMBEDDABLE.has(l.type)) return undefined;
  return `${l.webUrl}/embed/${l.segment}/${encodeURIComponent(l.appSlug)}${l.primary ? '' : `/${encodeURIComponent(l.flowSlug)}`}`;
}

export function embedSnippet(l: LiveInfo): string | undefined {
  const src = embedUrl(l);
  if (!src) return undefined;
  return [
    `<iframe data-appflows src="${src}" title="${l.label.replace(/"/g, '&quot;')}"`,
    `        style="width:100%;border:0"></iframe>`,
    `<script src="${l.webUrl}/assets/embed.js" async></script>`,
  ].join('\n');
}

const swiftString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const swiftUrl = (u: string) => `URL(string: ${swiftString(u)})!`;

/** The SDK's own web host: `baseURL` without a leading `cancel.`, `flow.` or `signup.` (WIRE B.0). */
function sdkWebBase(baseUrl: string): string {
  const u = new URL(baseUrl);
  const prefix = ['cancel.', 'flow.', 'signup.'].find((p) => u.hostname.startsWith(p));
  if (prefix) u.hostname = u.hostname.slice(prefix.length);
  return u.toString().replace(/\/$/, '');
}

/**
 * The Swift lines that open this flow with the iOS SDK (appmate-ios, WIRE B.1): the one-time
 * `configure` with this app's slug, then the call for the type. Undefined when the SDK has no
 * call for it (app promotion, WIRE F.7).
 */
export function swiftSnippet(l: LiveInfo): string | undefined {
  const slugArg = l.primary ? '' : `, flowSlug: ${swiftString(l.flowSlug)}`;
  const openPage = l.publicUrl ? `RetentionFlow.presentURL(${swiftUrl(l.publicUrl)})` : undefined;
  const calls: Record<string, string[] | undefined> = {
    cancel: l.primary
      ? ['// From your "Cancel subscription" button:', 'RetentionFlow.startCancelFlow(userId: currentUser.id) { link in', '    handle(link.action)', '}']
      : l.publicUrl
        ? ['// A secondary cancel flow opens at its own address:', `RetentionFlow.presentURL(${swiftUrl(l.publicUrl)}) { link in`, '    handle(link.action)', '}']
        : undefined,
    onboarding: ['RetentionFlow.startOnboardingFlow(userId: currentUser.id) { result in', '    guard let result else { return }', '    apply(result)', '}'],
    feedback: [`RetentionFlow.presentFeedback(userId: currentUser.id${slugArg}) { /* submitted */ }`],
    report: [`RetentionFlow.presentReport(userId: currentUser.id${slugArg}) { /* submitted */ }`],
    contact: [`RetentionFlow.presentContact(userId: currentUser.id${slugArg}) { /* submitted */ }`],
    crash: [`RetentionFlow.presentCrashReport(userId: currentUser.id${slugArg})`],
    wishlist: [`RetentionFlow.presentWishlist(userId: currentUser.id${slugArg})`],
    waitlist: openPage ? ['// Opens the hosted signup page in a Safari sheet:', openPage] : undefined,
    legal: openPage ? ['// Your privacy policy, in a Safari sheet:', openPage] : undefined,
    link_page: openPage ? ['// Your link page, in a Safari sheet:', openPage] : undefined,
    referral: ['// From your "Invite a friend" button:', 'if let url = await RetentionFlow.referralShareLink(userId: currentUser.id) {', '    presentShareSheet(items: [url])', '}'],
  };
  const call = calls[l.type];
  if (!call) return undefined;
  const config = [`appSlug: ${swiftString(l.appSlug)}`, `baseURL: ${swiftUrl(l.baseUrl)}`, `urlScheme: ${swiftString(l.urlScheme ?? 'myapp')}`];
  if (sdkWebBase(l.baseUrl) !== l.webUrl.replace(/\/$/, '')) config.push(`webBaseURL: ${swiftUrl(l.webUrl)}`);
  return ['import AppMate', '', '// Once, at launch:', 'RetentionFlow.configure(.init(', ...config.map((c, i) => `    ${c}${i < config.length - 1 ? ',' : ''}`), '))', '', ...call].join('\n');
}

/** A readonly field with a copy button (admin.ts island); without JavaScript the text stays selectable. */
function CopyField(p: { id: string; label: string; value: string; rows?: number; hint?: string; /** What the copy button copies, for screen readers. */ copyName: string; /** Soft-wrap long lines (HTML), else scroll sideways (code). */ soft?: boolean }) {
  return (
    <div class="field live-field" id={`${p.id}-field`}>
      <label for={p.id} class="strong">
        {p.label}
      </label>
      {p.hint ? (
        <p class="hint" id={`${p.id}-hint`}>
          {p.hint}
        </p>
      ) : null}
      <div class="copyrow">
        {p.rows ? (
          <textarea id={p.id} class={p.soft ? 'mono snippet soft' : 'mono snippet'} readOnly rows={p.rows} spellcheck={false} aria-describedby={p.hint ? `${p.id}-hint` : undefined}>
            {p.value}
          </textarea>
        ) : (
          <input id={p.id} class="mono" readOnly value={p.value} aria-describedby={p.hint ? `${p.id}-hint` : undefined} />
        )}
        <button type="button" class="secondary" data-copy={`#${p.id}`}>
          Copy<span class="visually-hidden"> {p.copyName}</span>
        </button>
      </div>
    </div>
  );
}

/** The "where is my page" card: full once published; before that, where the page will live. */
export function LivePanel({ live: l, editHref }: { live: LiveInfo; editHref?: string }) {
  const embed = embedSnippet(l);
  const swift = swiftSnippet(l);
  const qr = qrPath(l, 'svg', 240);
  const file = `${l.appSlug}-${l.segment}${l.primary ? '' : `-${l.flowSlug}`}-qr`;
  if (!l.published) {
    return (
      <section class="card live pending" aria-labelledby="live-h">
        <h2 id="live-h">Where it will live</h2>
        <p>
          {l.publicUrl ? (
            <>
              Not live yet. Once you publish, this page will be at <span class="mono wrap">{l.publicUrl}</span>
              {qr ? ', with a QR code to print' : ''}
              {embed ? ', an embed snippet for your site' : ''}
              {swift ? ' and the line of Swift that opens it in your app' : ''}.
            </>
          ) : (
            <>Not live yet. {swift ? 'Once you publish, the line of Swift that uses it in your app shows here.' : 'Once you publish, your app reads it through the public API.'}</>
          )}
        </p>
        {editHref ? (
          <p>
            <a class="button secondary" href={editHref}>
              Open the editor
            </a>
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <section class="card live" aria-labelledby="live-h">
      <div class="live-head">
        <h2 id="live-h">Where it lives</h2>
        {/* In the editor its title bar already says which version is live. */}
        {editHref ? <span class="badge on">v{l.published} live</span> : null}
        {editHref ? (
          <a class="button small secondary" href={editHref}>
            Open the editor
          </a>
        ) : null}
      </div>
      <div class="live-main">
        {l.publicUrl ? (
          <>
            <div class="field live-field">
              <label for="live-url" class="strong">
                Live URL
              </label>
              <div class="copyrow">
                <input id="live-url" class="mono" readOnly value={l.publicUrl} />
                <button type="button" class="secondary" data-copy="#live-url">
                  Copy<span class="visually-hidden"> live URL</span>
                </button>
                <a class="button secondary" href={l.publicUrl} target="_blank" rel="noopener">
                  Open<span class="visually-hidden"> the live page (new tab)</span>
                </a>
              </div>
            </div>
            {l.more.length ? (
              <ul class="live-more">
                {l.more.map((m) => (
                  <li>
                    {m.label}:{' '}
                    <a href={m.url} class="mono wrap" target="_blank" rel="noopener">
                      {m.url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : l.type === 'referral' ? (
          <p>
            Each person's invite lives at their own address, <span class="mono wrap">{l.webUrl}/r/&lt;code&gt;</span>: your app gets it from the SDK call below.
          </p>
        ) : (
          <p>This flow has no page of its own: your app reads the published version through the public API.</p>
        )}
      </div>
      <div class="live-grid">
        {qr ? (
          <figure class="live-qr">
            <img src={qr} width={120} height={120} alt={`QR code that opens ${l.publicUrl ?? l.label}`} />
            <figcaption>
              QR code: <a href={qrPath(l, 'png', 1024)} download={`${file}.png`}>PNG</a> · <a href={qrPath(l, 'svg', 1024)} download={`${file}.svg`}>SVG</a>
            </figcaption>
          </figure>
        ) : null}
        {/* The code is there when wanted, folded so the card stays a few lines above the editor. */}
        {embed ? (
          <details class="live-code" id="live-embed-code">
            <summary>Embed on your site</summary>
            <CopyField id="live-embed" label="Embed snippet" copyName="embed snippet" value={embed} rows={5} soft hint="Paste it into your site’s HTML where the form should appear; the frame sizes itself to its content." />
          </details>
        ) : null}
        {swift ? (
          <details class="live-code" id="live-swift-code">
            <summary>Open it from your iOS app (Swift)</summary>
            <CopyField id="live-swift" label="Swift code" copyName="Swift code" value={swift} rows={Math.min(swift.split('\n').length, 12)} hint={swiftHint(swift, l.urlScheme)} />
          </details>
        ) : (
          <p class="muted">The iOS SDK has no call for this flow type yet: your app reads it through the public API.</p>
        )}
      </div>
    </section>
  );
}

/** What to replace in the Swift snippet: only the placeholders it contains (a waitlist's call names no user). */
function swiftHint(swift: string, urlScheme: string | null | undefined): string {
  const replace = [
    ...(swift.includes('currentUser.id') ? ["currentUser.id with your user's id"] : []),
    ...(urlScheme ? [] : ['myapp with your deep-link scheme (an app setting)']),
  ];
  return `With the AppMate iOS SDK${replace.length ? `; replace ${replace.join(', and ')}` : ''}.`;
}

/** A URL without its scheme, breakable after each `/` (narrow cards break it there, not mid-word). */
export function ShortUrl({ url }: { url: string }) {
  const parts = url.replace(/^https?:\/\//, '').split(/(?<=\/)/);
  return (
    <>
      {parts.map((p, i) => (
        <>
          {i ? <wbr /> : null}
          {p}
        </>
      ))}
    </>
  );
}

/** One published flow of an app, as the app list shows it. */
export interface LiveLink {
  name: string;
  /** Its hosted page; null for a type without one (referral, app promotion). */
  url: string | null;
  editor: string;
}

/** The published flows of an app's flow list (GET /api/v1/apps/:idOrSlug/flows), in registry order. */
export function liveLinksOf(
  types: Pick<FlowTypeDef, 'type' | 'segment'>[],
  appSlug: string,
  flows: { type: string; slug: string; name: string; status: string; isPrimary: boolean; publicUrl?: string | null }[],
): LiveLink[] {
  const order = (t: string) => types.findIndex((d) => d.type === t);
  return flows
    .filter((f) => f.status === 'published')
    .sort((a, b) => order(a.type) - order(b.type) || Number(b.isPrimary) - Number(a.isPrimary))
    .map((f) => {
      const seg = types.find((d) => d.type === f.type)?.segment ?? f.type;
      const editor = `/admin/apps/${encodeURIComponent(appSlug)}/flows/${encodeURIComponent(seg)}${f.isPrimary ? '' : `?flowSlug=${encodeURIComponent(f.slug)}`}`;
      return { name: f.name, url: f.publicUrl ?? null, editor };
    });
}

/** An app card's live flows: each one's page (or its editor when it has no page). */
export function LiveLinks({ links, appName }: { links: LiveLink[]; appName: string }) {
  if (!links.length) return <p class="muted small">Nothing live yet</p>;
  return (
    <ul class="live-links" aria-label={`Live flows of ${appName}`}>
      {links.map((l) => (
        <li>
          <a href={l.editor}>{l.name}</a>
          {l.url ? (
            <>
              {' '}
              <a class="out mono small" href={l.url} target="_blank" rel="noopener">
                <ShortUrl url={l.url} />
                <span class="visually-hidden"> (live page of the {l.name.toLowerCase()}, new tab)</span>
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The live flow of the app tab being shown (set per request by the dashboard's `liveTab` hook,
 * admin.flow-tab.tsx, provided by sendAdmin), so every flow's tab shows where it lives without
 * each capability's page fetching it.
 */
export const LiveContext = createContext<{ live: LiveInfo; editHref: string } | undefined>(undefined);

/** A tab's "where it lives" line: the address at a glance, the whole card one click away. */
export function LiveStrip({ live: l, editHref }: { live: LiveInfo; editHref: string }) {
  return (
    <details class="live-strip">
      <summary>
        <span class="badge on">v{l.published} live</span> <span class="strong">Where it lives</span>
        {l.publicUrl ? (
          <span class="mono small">
            {' '}
            <ShortUrl url={l.publicUrl} />
          </span>
        ) : null}
      </summary>
      <LivePanel live={l} editHref={editHref} />
    </details>
  );
}
