import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { defineOp, textResult, type Operation, type OpContext } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { readAnonCookie, type Viewer } from './wishlist.identity.js';
import {
  commentsQuery,
  commentsResponse,
  createIdeaBody,
  ideaId,
  ownerCommentBody,
  ownerIdea,
  ownerListQuery,
  patchIdeaBody,
  postCommentBody,
  postCommentResponse,
  publicComment,
  publicListQuery,
  publicListResponse,
  submitBody,
  submitResponse,
  voteBody,
  voteResponse,
} from './wishlist.schema.js';
import type { WishlistService } from './wishlist.service.js';

/**
 * Per-minute limits per client on the public board, from PUBLIC_RATE_LIMIT (the submit limit,
 * default 20): votes get 6x (people vote down a list), reads 12x.
 */
export const wishlistLimits = (submit: number) => ({ read: submit * 12, vote: submit * 6, write: submit });
const limit = (n: number, action: string) => ({ config: publicLimit(n, action) });

/** Caller identity: userId, the SDK's anonId (or its alias), else the hosted board's cookie. */
export function viewerOf(input: { userId?: string; anonId?: string; anonymousId?: string; email?: string }, ctx: OpContext): Viewer {
  return {
    userId: input.userId,
    anonId: input.anonId ?? input.anonymousId ?? readAnonCookie(ctx.cookie),
    email: input.email,
    ipHash: ctx.client.ipHash,
  };
}

const ideaParams = appParams.extend({ ideaId });
const commentParams = appParams.extend({ commentId: z.string().min(1).max(64).describe('Id of the comment.') });
const tags = ['Wishlist'];
const ownerPath = '/api/v1/apps/:idOrSlug/wishlist';

export function wishlistOperations(wishlist: WishlistService): Operation[] {
  const limits = wishlistLimits(wishlist.rateLimit);
  const vote = (on: boolean) =>
    defineOp({
      id: on ? 'voteWishlistIdea' : 'unvoteWishlistIdea',
      method: on ? 'POST' : 'DELETE',
      path: '/api/public/wishlist/vote',
      auth: 'public',
      tags,
      summary: on ? 'Vote for an idea (idempotent)' : 'Remove a vote (idempotent; JSON body like the vote)',
      description: 'One vote per person per idea (dedupe per identity mode). Only ideas on the board (not pending) take votes.',
      body: voteBody,
      response: voteResponse,
      errors: [404, 422, 429],
      route: limit(limits.vote, 'wishlist.vote'),
      // Votes on a hot idea (#38): the POST is answered in front of Fastify (kernel/fast-ops.ts).
      fast: on,
      handler: async ({ body }, ctx) => wishlist.vote(await wishlist.board(body.appSlug), body.ideaId, viewerOf(body, ctx), on),
    });

  return [
    defineOp({
      id: 'listPublicWishlistIdeas',
      method: 'GET',
      path: '/api/public/wishlist/list',
      auth: 'public',
      tags,
      summary: 'Public ideas of a published board, paginated',
      description: 'Never includes pending ideas. `items` and `ideas` carry the same array; `nextCursor` is null on the last page.',
      query: publicListQuery,
      response: publicListResponse,
      errors: [400, 404, 429],
      route: limit(limits.read, 'wishlist.read'),
      handler: async ({ query }, ctx) => wishlist.list(await wishlist.board(query.appSlug), query, viewerOf(query, ctx)),
    }),
    defineOp({
      id: 'submitWishlistIdea',
      method: 'POST',
      path: '/api/public/wishlist/submit',
      auth: 'public',
      tags,
      summary: 'Submit an idea',
      description: 'Lands `pending` (invisible until the owner approves it) unless the board auto-approves. In email mode with `requireEmailToSubmit`, 422 `{ error: "email required" }` without an email.',
      body: submitBody,
      response: submitResponse,
      errors: [404, 422, 429],
      route: limit(limits.write, 'wishlist.submit'),
      handler: async ({ body }, ctx) =>
        wishlist.submit(await wishlist.board(body.appSlug), { ...body, source: body.source ?? 'api' }, viewerOf(body, ctx), ctx.client.country),
    }),
    vote(true),
    vote(false),
    defineOp({
      id: 'listPublicWishlistComments',
      method: 'GET',
      path: '/api/public/wishlist/comments',
      auth: 'public',
      tags,
      summary: 'Comments of a public idea, oldest first',
      query: commentsQuery,
      response: commentsResponse,
      errors: [400, 404, 429],
      route: limit(limits.read, 'wishlist.read'),
      handler: async ({ query }) => wishlist.comments(await wishlist.board(query.appSlug), query.ideaId, query.limit, query.cursor),
    }),
    defineOp({
      id: 'postPublicWishlistComment',
      method: 'POST',
      path: '/api/public/wishlist/comments',
      auth: 'public',
      tags,
      summary: 'Comment on a public idea',
      body: postCommentBody,
      response: postCommentResponse,
      errors: [404, 422, 429],
      route: limit(limits.write, 'wishlist.comment'),
      handler: async ({ body }, ctx) => wishlist.postComment(await wishlist.board(body.appSlug), body, viewerOf(body, ctx)),
    }),

    // ---------- owner ----------
    defineOp({
      id: 'listWishlistIdeas',
      mcp: 'list_wishlist_ideas',
      method: 'GET',
      path: `${ownerPath}/ideas`,
      auth: 'owner',
      tags,
      summary: 'All ideas, every status (pending included)',
      params: appParams,
      query: ownerListQuery,
      response: z.object({ ideas: z.array(ownerIdea), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: ({ params, query }, ctx) => wishlist.ownerList(ctx.accountId, params.idOrSlug, query),
    }),
    defineOp({
      id: 'createWishlistIdea',
      mcp: 'create_wishlist_idea',
      method: 'POST',
      path: `${ownerPath}/ideas`,
      auth: 'owner',
      tags,
      summary: 'Create an idea as the owner (default status open)',
      params: appParams,
      body: createIdeaBody,
      status: 201,
      response: z.object({ idea: ownerIdea }),
      errors: [404, 422],
      handler: ({ params, body }, ctx) => wishlist.ownerCreate(ctx.accountId, params.idOrSlug, body),
    }),
    defineOp({
      id: 'setWishlistIdeaStatus',
      mcp: 'set_wishlist_idea_status',
      method: 'PATCH',
      path: `${ownerPath}/ideas/:ideaId`,
      auth: 'owner',
      tags,
      summary: 'Set an idea’s status and/or pinned flag',
      description:
        'Any status may follow any other: approving is pending→open, rejecting is →declined, and back to pending hides an idea from the board again (its votes and comments stay with it). The same status is a no-op. With mail configured, an author who left an email is told of each move to a public status.',
      params: ideaParams,
      body: patchIdeaBody,
      response: z.object({ idea: ownerIdea }),
      errors: [404, 422],
      handler: ({ params, body }, ctx) => wishlist.ownerPatch(ctx.accountId, params.idOrSlug, params.ideaId, body),
    }),
    defineOp({
      id: 'getWishlistIdea',
      mcp: 'get_wishlist_idea',
      method: 'GET',
      path: `${ownerPath}/ideas/:ideaId`,
      auth: 'owner',
      tags,
      summary: 'One idea, any status (pending included)',
      params: ideaParams,
      response: z.object({ idea: ownerIdea }),
      errors: [404],
      handler: ({ params }, ctx) => wishlist.ownerGet(ctx.accountId, params.idOrSlug, params.ideaId),
    }),
    defineOp({
      id: 'deleteWishlistIdea',
      mcp: 'delete_wishlist_idea',
      method: 'DELETE',
      path: `${ownerPath}/ideas/:ideaId`,
      auth: 'owner',
      tags,
      summary: 'Delete an idea with its votes and comments (irreversible)',
      params: ideaParams,
      response: z.object({ deleted: z.literal(true), id: z.string() }),
      errors: [404],
      handler: ({ params }, ctx) => wishlist.ownerDelete(ctx.accountId, params.idOrSlug, params.ideaId),
    }),
    defineOp({
      id: 'postWishlistComment',
      mcp: 'post_wishlist_comment',
      method: 'POST',
      path: `${ownerPath}/ideas/:ideaId/comments`,
      auth: 'owner',
      tags,
      summary: 'Reply as the owner (official replies get the "Team" badge)',
      params: ideaParams,
      body: ownerCommentBody,
      status: 201,
      response: z.object({ ok: z.literal(true), comment: publicComment }),
      errors: [404, 422],
      handler: ({ params, body }, ctx) => wishlist.ownerComment(ctx.accountId, params.idOrSlug, params.ideaId, body),
    }),
    defineOp({
      id: 'listWishlistComments',
      mcp: 'list_wishlist_comments',
      method: 'GET',
      path: `${ownerPath}/ideas/:ideaId/comments`,
      auth: 'owner',
      tags,
      summary: 'Comments of an idea, oldest first (deleted ones excluded)',
      params: ideaParams,
      query: pageQuery,
      response: commentsResponse,
      errors: [400, 404],
      handler: ({ params, query }, ctx) => wishlist.ownerComments(ctx.accountId, params.idOrSlug, params.ideaId, query.limit, query.cursor),
    }),
    defineOp({
      id: 'deleteWishlistComment',
      mcp: 'delete_wishlist_comment',
      method: 'DELETE',
      path: `${ownerPath}/comments/:commentId`,
      auth: 'owner',
      tags,
      summary: 'Delete a comment (soft delete: hidden everywhere, kept for the record)',
      params: commentParams,
      response: z.object({ deleted: z.literal(true), id: z.string() }),
      errors: [404],
      handler: ({ params }, ctx) => wishlist.ownerDeleteComment(ctx.accountId, params.idOrSlug, params.commentId),
    }),
    defineOp({
      id: 'exportWishlistCsv',
      mcp: 'export_wishlist_csv',
      method: 'GET',
      path: `${ownerPath}/ideas.csv`,
      auth: 'owner',
      tags,
      summary: 'All ideas as CSV',
      description: `Columns: created_at, status, title, votes, comments, category, email, author, country, body. ${CSV_CELLS_NOTE}`,
      params: appParams,
      produces: 'text/csv',
      errors: [404],
      handler: async ({ params }, ctx) => textResult('text/csv; charset=utf-8', await wishlist.csv(ctx.accountId, params.idOrSlug), 'wishlist-ideas.csv'),
    }),
    defineOp({
      id: 'createWishlistPreviewToken',
      mcp: 'create_wishlist_preview_token',
      method: 'POST',
      path: `${ownerPath}/preview-token`,
      auth: 'owner',
      tags,
      summary: 'A signed, expiring link that shows the draft board',
      params: appParams,
      body: z.object({ expiresInHours: z.number().int().min(1).max(720).default(24).describe('Lifetime, 1-720 hours (default 24).') }),
      bodyOptional: true,
      response: z.object({
        token: z.string().describe('Pass as `p=` on the board or embed URL.'),
        url: z.string().describe('Board URL showing the draft.'),
        embedUrl: z.string().describe('Embed URL showing the draft.'),
        expiresAt: z.string(),
      }),
      errors: [404, 422],
      handler: ({ params, body }, ctx) => wishlist.previewToken(ctx.accountId, params.idOrSlug, body?.expiresInHours),
    }),
  ];
}
