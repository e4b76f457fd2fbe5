import type { Config } from '../config.js';
import { AppError, notFound, type Issue } from '../kernel/errors.js';
import type { FlowService } from '../kernel/flows/flows.service.js';
import { separateSignupHost } from '../kernel/signup-host.js';
import { normalizeCode } from '../flows/referral/referral.service.js';
import { QR_SIZE, renderQr, type QrFormat, type QrImage, type QrTheme } from './qr.render.js';
import { QR_FLOWS, flowTypeOf, type QrFlow } from '../kernel/flows/qr-flows.js';

/** The `{flow}` values of WIRE B.2 "QR query" (the SDK's nine and the MCP's `crash`). */

export interface QrOptions {
  format: QrFormat;
  size: number;
  theme: QrTheme;
}

/**
 * The image query: `format` png|svg (default png), `size` an integer clamped to
 * [QR_SIZE.min, QR_SIZE.max] (default QR_SIZE.default), `theme` light|dark (default light;
 * `auto`, which WIRE's clients never send, is light). A value outside these is a 422 naming it.
 */
export function imageOptions(q: { format?: string; size?: string; theme?: string }): QrOptions {
  const issues: Issue[] = [];
  const format = q.format ?? 'png';
  if (format !== 'png' && format !== 'svg') issues.push({ path: '/format', message: 'must be png or svg' });
  let size: number = QR_SIZE.default;
  if (q.size !== undefined) {
    if (!/^\d{1,9}$/.test(q.size)) issues.push({ path: '/size', message: `must be a whole number of pixels (clamped to ${QR_SIZE.min}-${QR_SIZE.max})` });
    else size = Math.min(QR_SIZE.max, Math.max(QR_SIZE.min, Number(q.size)));
  }
  const theme = q.theme === undefined || q.theme === 'auto' ? 'light' : q.theme;
  if (theme !== 'light' && theme !== 'dark') issues.push({ path: '/theme', message: 'must be light or dark' });
  if (issues.length) throw new AppError(422, `Invalid query: ${issues[0].path} ${issues[0].message}`, { issues });
  return { format: format as QrFormat, size, theme: theme as QrTheme };
}

/**
 * QR codes of the public URL of an app's flows and of short links. The URLs are the hosted pages'
 * own (what their routes serve; the tests follow each decoded URL and get the page): cancel,
 * onboarding, wishlist, feedback, report, contact and crash at `WEB_URL/<flow>/<app>`, the
 * waitlist at `SIGNUP_URL/<app>` when SIGNUP_URL is a host of its own (else
 * `WEB_URL/waitlist/<app>`), the link page at `WEB_URL/p/<app>`, a referral invite at
 * `WEB_URL/r/<code>`, a short link at its `shortUrl`. Rendered images are kept in memory by
 * (text, format, size, theme): a hit costs no rendering.
 */
export function createQrService(deps: {
  config: Config;
  flows: FlowService;
  /** The referral capability's code of an app (undefined when unknown or another app's). */
  referralCode: (appId: string, code: string) => Promise<unknown>;
  /** The short links capability's link behind a public code (what its redirect answers), or undefined. */
  shortLink: (code: string) => Promise<{ code: string } | undefined>;
}) {
  const { config, flows } = deps;
  const signupHost = separateSignupHost(config);

  const urls = { web: config.webUrl, signup: signupHost ? config.signupUrl : undefined };
  /** A referral invite is per code; every other flow's URL is its type's own hosted page (FlowTypeDef.publicUrl). */
  const urlOf = (flow: QrFlow, appSlug: string, code?: string, flowSlug?: string): string => {
    if (flow === 'referral') return `${config.webUrl}/r/${code}`;
    const d = flows.registry.get(flowTypeOf(flow));
    const slug = flowSlug ?? d?.primarySlug ?? '';
    const url = d?.publicUrl?.({ appSlug, flowSlug: slug, primary: slug === d.primarySlug, urls });
    if (!url) throw notFound(`${flow} flows have no hosted page`);
    return url;
  };

  /**
   * The URL a flow's code encodes; 404 when the app is unknown or has not published that flow.
   * `flowSlug` names a secondary flow of a type with several (a second waitlist or cancel flow);
   * single-flow types ignore it, as their public routes do (WIRE F.10).
   */
  async function flowUrl(appSlug: string, flow: string, rawCode?: string, flowSlug?: string): Promise<string> {
    if (!(QR_FLOWS as readonly string[]).includes(flow)) {
      throw new AppError(422, `Invalid flow "${flow.slice(0, 40)}": must be one of ${QR_FLOWS.join(', ')}`, { issues: [{ path: '/flow', message: `must be one of ${QR_FLOWS.join(', ')}` }] });
    }
    const f = flow as QrFlow;
    const type = flowTypeOf(f);
    // A type this server does not have (a capability not installed): its page does not exist either.
    if (!flows.registry.get(type)) throw notFound(`${f} flows are not available on this server`);
    let code: string | undefined;
    if (f === 'referral') {
      code = rawCode === undefined ? '' : normalizeCode(rawCode);
      if (!/^[A-Z0-9]{8}$/.test(code)) {
        throw new AppError(422, 'Invalid query: /code a referral QR code needs the referral code (8 letters and digits, dashes ignored)', {
          issues: [{ path: '/code', message: 'required for flow referral: the referral code (8 letters and digits, dashes ignored)' }],
        });
      }
    }
    const secondary = f !== 'referral' && flows.registry.get(type)?.multi ? flowSlug : undefined;
    const published = await flows.publicFlow(appSlug, type, secondary);
    if (code) {
      if (!(await deps.referralCode(published.app.id, code))) throw notFound('Referral code not found');
    }
    return urlOf(f, published.app.slug, code, secondary ? published.flow.slug : undefined);
  }

  /** A short link's `shortUrl` by its code; 404 when there is no such link. */
  async function shortLinkUrl(code: string): Promise<string> {
    const row = /^[a-z0-9_-]{1,40}$/i.test(code) ? await deps.shortLink(code.toLowerCase()) : undefined;
    if (!row) throw notFound('Link not found');
    return `${config.shortLinkUrl}/${row.code}`;
  }

  const images = new Map<string, Promise<QrImage>>();
  function image(text: string, o: QrOptions): Promise<QrImage> {
    const key = `${o.format}\n${o.size}\n${o.theme}\n${text}`;
    let hit = images.get(key);
    if (hit) {
      // Most recently used last: the oldest entry is the one dropped when full.
      images.delete(key);
      images.set(key, hit);
      return hit;
    }
    hit = renderQr(text, o.format, o.size, o.theme);
    if (images.size >= 500) images.delete(images.keys().next().value!);
    images.set(key, hit);
    hit.catch(() => images.delete(key));
    return hit;
  }

  return { flowUrl, shortLinkUrl, image, urlOf };
}
export type QrService = ReturnType<typeof createQrService>;
