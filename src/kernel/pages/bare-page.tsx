import { brandOfRow, type AppBrand } from './brand.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate, translator, type Locale, type MessageKey } from '../i18n.js';
import { MessagePage } from './layout.js';
import { sendPage } from './render.js';

/** Whose page it is: the app's name and logo, on pages that have no flow config to draw them. */
export interface Brand extends AppBrand {
  name: string;
  logoUrl: string | null;
}

/** The app of a slug as a Brand, or undefined (no such app): for 404 and 429 pages. */
export const brandLookup =
  (apps: { resolvePublic(slug: string): Promise<{ name: string; logo_url: string | null; accent_color?: string | null; theme?: string | null }> }) =>
  (slug: string | undefined): Promise<Brand | undefined> =>
    slug ? apps.resolvePublic(slug).then((a) => ({ name: a.name, logoUrl: a.logo_url, ...brandOfRow(a) }), () => undefined) : Promise.resolve(undefined);

/**
 * A message page without a flow behind it (not found, not published, too many attempts): in the
 * flow's language when known, else the visitor's (Accept-Language); with the app's name and
 * logo when the app exists, so a visitor sees whose page this was meant to be.
 */
export async function sendBarePage(
  request: FastifyRequest,
  reply: FastifyReply,
  p: { status: number; title: MessageKey; message: MessageKey; brand?: Brand | Promise<Brand | undefined>; locale?: Locale; frameable?: boolean; cache?: string },
) {
  const lang = p.locale ?? negotiate(request.headers['accept-language']);
  const t = translator(lang);
  const app = await p.brand;
  // The language depends on the request's header: shared caches must keep one copy per language.
  if (!p.locale) reply.header('vary', 'Accept-Language');
  return sendPage(reply, MessagePage({ title: t(p.title), message: t(p.message), lang, app }), { status: p.status, frameable: p.frameable, cache: p.cache });
}
