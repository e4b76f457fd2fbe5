import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appParams, publicAppSlug } from '../apps/apps.schema.js';
import type { AppService } from '../apps/apps.service.js';
import type { Config } from '../config.js';
import { AppError } from '../kernel/errors.js';
import { flowSlugSchema } from '../kernel/flows/flows.service.js';
import { defineOp, type OpContext, type Operation } from '../kernel/operation.js';
import { publicLimit } from '../kernel/rate-limit.js';
import { QR_SIZE, type QrImage } from './qr.render.js';
import { flowTypeOf, QR_FLOWS } from '../kernel/flows/qr-flows.js';
import { imageOptions, type QrService } from './qr.service.js';

/**
 * Cache policy of a QR image: its bytes depend only on the URL (same app slug, same WEB_URL),
 * so shared caches and the SDK may keep it a day without asking (`immutable`); after that the
 * ETag (a hash of the bytes) makes revalidation a bodiless 304.
 */
export const QR_CACHE = 'public, max-age=86400, immutable';

/** Lenient on purpose: bad values are 422 with the field named (imageOptions), not the query-parsing 400. */
const imageQuery = {
  format: z.string().max(10).optional().describe('`png` (default) or `svg`.'),
  size: z
    .string()
    .max(12)
    .optional()
    .describe(`Width and height in pixels, a whole number clamped to ${QR_SIZE.min}-${QR_SIZE.max} (default ${QR_SIZE.default}; WIRE's clients send 512, 660 and 1024). Sent for svg too, where it sets width/height. Never below one pixel per module: a code that would not fit comes out larger.`),
  theme: z.string().max(10).optional().describe('`light` (default: dark modules on white) or `dark` (light modules on a dark ground, for dark screens). `auto` = light.'),
};

const IMAGE_ERRORS = 'Errors are JSON `{ error, issues? }`: 422 for a bad `format`, `size`, `theme` or `flow`; 404 for an unknown app, a flow it has not published, a flow type this server does not have, or (referral) a code that is not the app’s; 429 past the rate limit.';

async function sendImage(ctx: OpContext, img: QrImage, filename: string) {
  const { request, reply } = ctx.http as { request: FastifyRequest; reply: FastifyReply };
  reply.header('etag', img.etag).header('cache-control', QR_CACHE).header('content-disposition', `inline; filename="${filename}"`);
  // A list of tags or `*` (RFC 9110); weak comparison.
  const inm = request.headers['if-none-match'];
  if (inm && (inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === img.etag))) await reply.code(304).send();
  else await reply.code(200).type(img.contentType).send(img.body);
  return undefined;
}

const requireHttp = (ctx: OpContext) => {
  if (!ctx.http) throw new AppError(400, 'QR images are served over HTTP only');
};

export function qrOperations(d: { apps: AppService; qr: QrService; config: Config }): Operation[] {
  const { qr, config } = d;
  const limit = { config: publicLimit(config.publicRateLimit * 30, 'qr') };
  return [
    defineOp({
      id: 'getFlowQrImage',
      method: 'GET',
      path: '/api/public/qr/:appSlug/:flow',
      auth: 'public',
      tags: ['QR codes'],
      summary: 'QR code (PNG or SVG) of the public URL of an app’s flow',
      description: `The SDK's \`qrCodeURL\` and the MCP's \`get_qr_code\` URLs (WIRE B.2). Encodes what the hosted page is served at: \`WEB_URL/<flow>/<app>\` (cancel, onboarding, wishlist, feedback, report, contact, crash), the waitlist's signup page (\`SIGNUP_URL/<app>\` on a signup host of its own, else \`WEB_URL/waitlist/<app>\`), \`WEB_URL/p/<app>\` for \`link\` (the link page), and for \`referral\` the invite \`WEB_URL/r/<code>\` of \`code\`. Answers the image with \`ETag\` (hash of the bytes), \`Cache-Control: ${QR_CACHE}\`, and 304 to a matching \`If-None-Match\`. ${IMAGE_ERRORS}`,
      params: z.object({
        appSlug: publicAppSlug,
        flow: z.string().min(1).max(60).describe(`One of ${QR_FLOWS.join(', ')} (422 otherwise).`),
      }),
      query: z.object({
        ...imageQuery,
        code: z.string().max(100).optional().describe('Referral code for `flow=referral` (required there; case, dashes and spaces ignored); ignored otherwise.'),
        flowSlug: flowSlugSchema.optional().describe('A secondary flow of a type with several (cancel, waitlist): its page; omitted = the primary. Ignored by the other types.'),
      }),
      produces: 'image/png',
      errors: [404, 422, 429],
      route: limit,
      handler: async ({ params, query }, ctx) => {
        requireHttp(ctx);
        const opts = imageOptions(query);
        const url = await qr.flowUrl(params.appSlug, params.flow, query.code, query.flowSlug);
        return sendImage(ctx, await qr.image(url, opts), `${params.appSlug}-${params.flow}.${opts.format}`);
      },
    }),
    defineOp({
      id: 'getShortLinkQrImage',
      method: 'GET',
      path: '/api/public/qr/links/:code',
      auth: 'public',
      tags: ['QR codes'],
      summary: 'QR code (PNG or SVG) of a short link',
      description: `Encodes the link's \`shortUrl\` (\`SHORT_LINK_URL/<code>\`), so scans go through the redirect and are counted. \`links\` is a reserved app slug, so this path never shadows an app's flow QR. Same query, caching and errors as the flow QR; 404 for an unknown code (a disabled or ended link still has its code).`,
      params: z.object({ code: z.string().min(1).max(100).describe('The short link’s code (case-insensitive).') }),
      query: z.object(imageQuery),
      produces: 'image/png',
      errors: [404, 422, 429],
      route: limit,
      handler: async ({ params, query }, ctx) => {
        requireHttp(ctx);
        const opts = imageOptions(query);
        const url = await qr.shortLinkUrl(params.code);
        return sendImage(ctx, await qr.image(url, opts), `link-${params.code.toLowerCase()}.${opts.format}`);
      },
    }),
    defineOp({
      id: 'getQrCode',
      mcp: 'get_qr_code',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/qr/:flow',
      auth: 'owner',
      tags: ['QR codes'],
      summary: 'Where the QR code images of a flow are (PNG and SVG URLs)',
      description:
        'Answers what AppMate’s `get_qr_code` tool builds (WIRE A.1): `{ app, flow, pngUrl, svgUrl, note }` with `pngUrl` = `WEB_URL/api/public/qr/<slug>/<flow>?format=png&size=1024[&theme][&code]` and `svgUrl` the same with `format=svg`; plus `url` (what the code encodes) and `published` (false: the image URLs answer 404 until the flow is published).',
      params: appParams.extend({ flow: z.enum(QR_FLOWS).describe('Which flow; `link` is the link page.') }),
      query: z.object({
        theme: z.enum(['auto', 'light', 'dark']).optional().describe('`auto` (default) leaves the parameter out: light.'),
        referralCode: z.string().min(1).max(100).optional().describe('For `referral`: whose invite the code opens.'),
        flowSlug: flowSlugSchema.optional().describe('A secondary flow of a type with several (cancel, waitlist): its page, and `flowSlug` in the image URLs; omitted = the primary. Ignored by the other types.'),
      }),
      response: z.object({
        app: z.string().describe('The app slug.'),
        flow: z.enum(QR_FLOWS),
        pngUrl: z.string(),
        svgUrl: z.string(),
        url: z.string().nullable().describe('The URL the code encodes; null while unpublished (or for referral without a valid code).'),
        published: z.boolean(),
        note: z.string(),
      }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await d.apps.resolve(ctx.accountId, params.idOrSlug);
        const q = new URLSearchParams({ size: '1024' });
        if (query.theme && query.theme !== 'auto') q.set('theme', query.theme);
        if (query.referralCode) q.set('code', query.referralCode);
        if (query.flowSlug) q.set('flowSlug', query.flowSlug);
        const base = `${config.webUrl}/api/public/qr/${encodeURIComponent(app.slug)}/${params.flow}`;
        const url = await qr.flowUrl(app.slug, params.flow, query.referralCode, query.flowSlug).catch((e) => (e instanceof AppError && (e.status === 404 || e.status === 422) ? null : Promise.reject(e)));
        const type = flowTypeOf(params.flow);
        return {
          app: app.slug,
          flow: params.flow,
          pngUrl: `${base}?format=png&${q}`,
          svgUrl: `${base}?format=svg&${q}`,
          url,
          published: url !== null,
          note: url
            ? `Scanning opens ${url}. PNG for print and apps, SVG for the web (scales without blur).`
            : params.flow === 'referral' && !query.referralCode
              ? 'A referral QR code opens one user’s invite: pass referralCode.'
              : `No published ${type} flow${params.flow === 'referral' ? ' or no such referral code' : ''} yet: the image URLs answer 404 until it is published.`,
        };
      },
    }),
  ];
}
