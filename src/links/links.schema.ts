import { z } from 'zod';
import { appParams } from '../apps/apps.schema.js';
import { DESTINATION_RULE, parseDestination } from '../kernel/url-destination.js';

/**
 * Codes are public URL segments, so a few words that name (or may one day name) our own
 * pages and API are never handed out. Only words of 3+ characters matter (codes are 3-40).
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  'about', 'account', 'admin', 'api', 'app', 'apps', 'assets', 'auth', 'cancel', 'contact', 'crash', 'css',
  'dashboard', 'docs', 'edit', 'embed', 'examples', 'favicon', 'feedback', 'health', 'healthz', 'help', 'img',
  'js', 'legal', 'link', 'links', 'login', 'logout', 'mcp', 'metrics', 'new', 'null', 'onboarding', 'openapi',
  'privacy', 'public', 'qr', 'readyz', 'referral', 'report', 'robots', 'settings', 'signup', 'sitemap',
  'static', 'status', 'support', 'terms', 'undefined', 'waitlist', 'wishlist', 'www',
]);

export const CODE_PATTERN = /^[a-z0-9_-]{3,40}$/;

const code = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9_-]+$/, 'must contain only a-z, 0-9, "-" and "_"')
  .refine((c) => !RESERVED_CODES.has(c), 'is reserved; choose another code')
  .describe('Custom short code, 3-40 characters of a-z 0-9 - _ (lower-cased). Generated (6-7 characters) when omitted. Immutable.');

/** App-independent part of the destination rule; the service checks the scheme against the app's. */
const destination = (what: string) =>
  z
    .string()
    .max(2048)
    .superRefine((v, ctx) => {
      const r = parseDestination(v);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
    })
    // zod runs overwrites even after a failed check, so an invalid value passes through untouched.
    .overwrite((v) => {
      const r = parseDestination(v);
      return r.ok ? r.url : v;
    })
    .describe(`${what} ${DESTINATION_RULE}`);

// ISO 8601: a date (midnight UTC) or a date-time; seconds optional. A date-time without a
// zone is read as UTC (never as the server's local zone, which would vary by host).
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const asUtc = (v: string) => (/T[\d:.]+$/i.test(v) ? `${v}Z` : v);
const expiresAt = z
  .string()
  .max(40)
  .refine((v) => ISO_TIME.test(v) && !Number.isNaN(Date.parse(asUtc(v))), 'must be an ISO 8601 time, e.g. 2030-06-01T12:00:00Z')
  // zod runs overwrites even after a failed check, so an invalid value passes through untouched.
  .overwrite((v) => {
    const d = new Date(asUtc(v));
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  })
  .describe('ISO 8601 time after which the link is expired (a date means midnight UTC, a time without a zone is UTC); stored in UTC.');

const maxClicks = z.number().int().min(1).max(1_000_000_000).describe('Human clicks allowed before the link reaches its limit; bots never count.');
const expiredBehavior = z
  .enum(['page', 'redirect'])
  .describe('What an expired or limit-reached link does: `page` shows `expiredMessage`, `redirect` sends visitors to `expiredUrl`.');
const expiredMessage = z.string().trim().max(300).describe('Message on the page shown once the link has ended (expired or limit reached).');
const name = z.string().trim().min(1).max(120).describe('Label for the owner; defaults to "Untitled link".');

export const createLinkBody = z
  .object({
    name: z.string().trim().max(120).nullish().describe('Label for the owner; empty, null or omitted = "Untitled link".'),
    url: destination('Fallback destination (required):'),
    iosUrl: destination('Destination on iOS:').nullish(),
    androidUrl: destination('Destination on Android:').nullish(),
    code: code.optional(),
    expiresAt: expiresAt.nullish(),
    maxClicks: maxClicks.nullish(),
    expiredBehavior: expiredBehavior.optional(),
    expiredUrl: destination('Where ended links redirect when expiredBehavior is `redirect`:').nullish(),
    expiredMessage: expiredMessage.nullish(),
  })
  .strict();
export type CreateLink = z.infer<typeof createLinkBody>;

/** PATCH: only sent keys change; `null` clears the nullable ones. `code` is immutable. */
export const patchLinkBody = z
  .object({
    name: name.optional(),
    url: destination('Fallback destination; cannot be cleared:').optional(),
    iosUrl: destination('Destination on iOS; null clears:').nullable().optional(),
    androidUrl: destination('Destination on Android; null clears:').nullable().optional(),
    status: z.enum(['active', 'disabled']).optional().describe('Owner setting: `disabled` stops redirecting.'),
    expiresAt: expiresAt.nullable().optional().describe('Expiry time; null clears it.'),
    maxClicks: maxClicks.nullable().optional().describe('Click limit; null clears it.'),
    expiredBehavior: expiredBehavior.optional(),
    expiredUrl: destination('Redirect target once ended; null clears:').nullable().optional(),
    expiredMessage: expiredMessage.nullable().optional(),
    resetClicks: z.boolean().optional().describe('`true` zeroes clickCount and the link’s clicks-per-day series (click history and stats are kept) and brings a limit-reached link back to active.'),
    code: z
      .unknown()
      .optional()
      .refine((v) => v === undefined, 'is immutable; create a new link for another code')
      .describe('Not accepted: codes are immutable (422).'),
  })
  .strict();
export type PatchLink = z.infer<typeof patchLinkBody>;

export const linkState = z.enum(['active', 'disabled', 'expired', 'limit_reached']);
export type LinkState = z.infer<typeof linkState>;

export const linkSchema = z.object({
  id: z.string(),
  code: z.string(),
  shortUrl: z.string().describe('Public short URL: `<SHORT_LINK_URL>/<code>`.'),
  name: z.string(),
  url: z.string(),
  iosUrl: z.string().nullable(),
  androidUrl: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  state: linkState.describe('Derived: disabled > expired > limit_reached > active.'),
  expiresAt: z.string().nullable(),
  maxClicks: z.number().int().nullable(),
  clickCount: z.number().int().describe('Human clicks since creation or the last resetClicks.'),
  expiredBehavior: z.enum(['page', 'redirect']),
  expiredUrl: z.string().nullable(),
  expiredMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

export const linkStatsSchema = z.object({
  clicks: z.number().int().describe('All-time human clicks sent to a destination (not reset by resetClicks).'),
  byTarget: z.object({
    ios: z.number().int(),
    android: z.number().int(),
    fallback: z.number().int(),
    expired: z.number().int().describe('Human visits that got the ended behaviour (expired or limit reached).'),
  }),
  topCountries: z.array(z.object({ country: z.string(), clicks: z.number().int() })).describe('Up to 10 countries by human clicks.'),
  botClicks: z.number().int().describe('Link-preview fetchers and crawlers; never in clicks, never against maxClicks.'),
});
export type LinkStats = z.infer<typeof linkStatsSchema>;

export const linkParams = appParams.extend({
  idOrCode: z.string().min(1).max(200).describe('Link id or short code.'),
});
