import { z } from 'zod';
import { htmlEmail } from '../../kernel/email.js';
import { pageQuery } from '../../kernel/pagination.js';
import { snakeId } from '../cancel/cancel.schema.js';
import { success } from '../forms/forms.schema.js';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { publicAppSlug } from '../../apps/apps.schema.js';

/** Statuses in lifecycle order. `pending` is the moderation queue and is never public. */
export const IDEA_STATUSES = ['pending', 'open', 'planned', 'in_progress', 'done', 'declined'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export const PUBLIC_STATUSES = ['open', 'planned', 'in_progress', 'done', 'declined'] as const;
export const ideaStatus = z.enum(IDEA_STATUSES);

const text = (max: number) => z.string().max(max);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb');

export const wishlistConfig = z
  .object({
    type: z.literal('wishlist').optional().describe('Always `wishlist` once saved.'),
    intro: z
      .object({
        title: text(120),
        subtitle: text(500),
        submitLabel: text(60).describe('Label of the submit-idea button.'),
        legal: text(500).optional().describe('Small print under the submit form.'),
      })
      .strict(),
    identity: z
      .object({
        mode: z.enum(['anonymous', 'email']).default('anonymous').describe('`anonymous`: votes dedupe by anonymous cookie + hashed IP (or the host-app userId); `email`: by a hash of the email.'),
        requireEmailToSubmit: z.boolean().optional().describe('Email mode only: submitting needs an email.'),
        requireEmailToVote: z.boolean().optional().describe('Email mode only: voting needs an email.'),
        requireEmailToComment: z.boolean().optional().describe('Email mode only: commenting needs an email.'),
      })
      .strict()
      .optional(),
    categories: z
      .array(z.object({ id: snakeId, label: text(60).min(1), emoji: text(16).optional(), hint: text(200).optional().describe('Accepted as on report categories (the native SDK shows it); the hosted board lists labels only.') }).strict())
      .max(12)
      .optional()
      .describe('0-12 categories ideas can be filed under.'),
    statusLabels: z
      .object({ open: text(40).optional(), planned: text(40).optional(), in_progress: text(40).optional(), done: text(40).optional(), declined: text(40).optional() })
      .strict()
      .optional()
      .describe('Display labels for the public statuses.'),
    submitForm: z.object({ titlePlaceholder: text(120).optional(), bodyPlaceholder: text(200).optional() }).strict().optional(),
    moderation: z.object({ autoApprove: z.boolean().optional().describe('true skips the pending queue (default false).') }).strict().optional(),
    success: success.describe('Shown after a submission; ctaLabel and ctaUrl (both or neither) add a button.'),
    hero: z
      .object({
        theme: z.enum(['minimal', 'gradient', 'dark', 'side_by_side']).optional(),
        eyebrow: text(40).optional(),
        accentColor: hex.optional(),
        titleFont: text(60).optional().describe('Accepted as on the forms (the native SDK reads it); the hosted board uses the system font.'),
      })
      .strict()
      .optional(),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const ids = (c.categories ?? []).map((x) => x.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['categories', i, 'id'], message: `duplicate category id "${id}"` });
    });
  });
export type WishlistConfig = z.infer<typeof wishlistConfig>;

// ---------- public API ----------

const appSlug = publicAppSlug;
const flowSlug = z.string().max(80).optional().describe('Accepted and ignored: one wishlist per app.');
const userId = z.string().trim().min(1).max(200).optional().describe('Host-app user id: the strongest anonymous-mode identity (works across devices).');
const anonId = z.string().trim().min(1).max(100).optional().describe('SDK-generated anonymous id (32 hex characters).');
const anonymousId = z.string().trim().min(1).max(100).optional().describe('Alias of `anonId` (the name other endpoints use).');
const email = htmlEmail.optional().describe('Email; in email mode it is the identity (only its keyed hash is used for dedupe).');
const displayName = z.string().trim().max(60).optional().describe('Name shown as the author; "Anonymous" when omitted.');
export const ideaId = z.string().min(1).max(64).describe('Id of the idea.');

export const identityFields = { userId, anonId, anonymousId, email };

/** SDK-friendly page size: out-of-range values are clamped, never a 400 (WIRE E.13). */
const clampedLimit = (def: number, max: number) =>
  z.coerce
    .number()
    .int()
    .catch(def)
    .transform((n) => Math.min(max, Math.max(1, n)))
    .default(def)
    .describe(`Page size, default ${def}, clamped to 1-${max}.`);

export const publicListQuery = z.object({
  appSlug,
  flowSlug,
  sort: z.enum(['votes', 'new']).default('votes').describe('`votes`: pinned first, then most votes; `new`: newest first.'),
  status: ideaStatus.optional().describe('Only ideas in this status. Pending ideas are never public: `pending` gives an empty page.'),
  category: z.string().max(60).optional().describe('Only ideas in this category id.'),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      'Search: only ideas whose title or body contains this text (case-insensitive; `%` and `_` are matched literally; blank means no search). Combines with the other filters; the cursor pages through the matches. On SQLite only ASCII letters are case-folded.',
    ),
  cursor: z.string().max(500).optional().describe('The `nextCursor` of the previous page.'),
  limit: clampedLimit(20, 100),
  userId,
  anonId,
  anonymousId,
});

export const publicIdea = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string().optional().describe('Omitted when empty.'),
    category: z.string().optional().describe('Category id; omitted when none.'),
    status: ideaStatus,
    voteCount: z.number().int(),
    commentCount: z.number().int(),
    pinned: z.boolean(),
    author: z.string().describe('Display name, or "Anonymous".'),
    createdAt: z.string().describe('ISO 8601.'),
    hasVoted: z.boolean().describe('Whether the caller (userId / anonId / cookie / email) has voted.'),
  })
  .describe('A public idea (the iOS SDK decodes it strictly).');
export type PublicIdea = z.infer<typeof publicIdea>;

export const publicListResponse = z.object({
  items: z.array(publicIdea).describe('The page of ideas.'),
  ideas: z.array(publicIdea).describe('Same array as `items` (the iOS SDK reads `ideas`).'),
  nextCursor: z.string().nullable().describe('Pass back as `cursor`; null on the last page.'),
});

export const submitBody = z.object({
  appSlug,
  flowSlug,
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().max(4000).optional(),
  category: z.string().max(60).optional().describe('A configured category id; 422 when unknown.'),
  displayName,
  source: z.string().max(20).optional().describe('`sdk` from the iOS SDK, `web` from the hosted board.'),
  ...identityFields,
});
export const submitResponse = z.object({
  ok: z.literal(true),
  pending: z.boolean().describe('true: waiting for moderation, not on the board yet.'),
  idea: publicIdea,
});

export const voteBody = z.object({ appSlug, flowSlug, ideaId, ...identityFields });
export const voteResponse = z.object({
  ok: z.literal(true),
  voted: z.boolean().describe('Whether the caller now has a vote on the idea.'),
  voteCount: z.number().int().describe('Fresh vote count of the idea.'),
});

export const publicComment = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string().describe('Display name; "Anonymous" or "Team" by default.'),
  isOwner: z.boolean().describe('Written by the app owner.'),
  isOfficial: z.boolean().describe('Official owner reply ("Team" badge).'),
  createdAt: z.string(),
});
export type PublicComment = z.infer<typeof publicComment>;

export const commentsQuery = z.object({
  appSlug,
  flowSlug,
  ideaId,
  cursor: z.string().max(500).optional(),
  limit: clampedLimit(50, 200),
});
export const commentsResponse = z.object({ comments: z.array(publicComment).describe('Oldest first.'), nextCursor: z.string().nullable() });

export const postCommentBody = z.object({ appSlug, flowSlug, ideaId, body: z.string().trim().min(1).max(2000), displayName, ...identityFields });
export const postCommentResponse = z.object({ ok: z.literal(true), comment: publicComment });

// ---------- owner API ----------

export const ownerIdea = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  category: z.string().nullable(),
  status: ideaStatus,
  voteCount: z.number().int(),
  commentCount: z.number().int(),
  pinned: z.boolean(),
  author: z.string(),
  email: z.string().nullable().describe('Contact email the author gave (only when given); never the dedupe hash.'),
  source: z.string().nullable(),
  country: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerIdea = z.infer<typeof ownerIdea>;

export const ownerListQuery = pageQuery.extend({
  status: ideaStatus.optional().describe('Only ideas in this status (pending included).'),
  category: z.string().max(60).optional(),
  sort: z.enum(['votes', 'new']).default('new').describe('Default `new`.'),
});

export const createIdeaBody = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().max(4000).optional(),
  category: z.string().max(60).optional(),
  status: ideaStatus.default('open').describe('Default `open`.'),
  pinned: z.boolean().optional(),
  author: z.string().trim().max(60).optional().describe('Display name; default "Team".'),
});

export const patchIdeaBody = z
  .object({
    status: ideaStatus.optional().describe('New status, from any status; the same status is a no-op.'),
    pinned: z.boolean().optional().describe('Pinned ideas sort first on the board.'),
  })
  .refine((b) => b.status !== undefined || b.pinned !== undefined, 'send status and/or pinned');

export const ownerCommentBody = z.object({
  body: z.string().trim().min(1).max(2000),
  official: z.boolean().default(false).describe('Marks the reply official ("Team" badge).'),
  author: z.string().trim().max(60).optional().describe('Display name; default "Team".'),
});
