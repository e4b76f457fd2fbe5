import { newId } from '../../kernel/ids.js';
import type { IdeaStatus, OwnerIdea, PublicComment } from './wishlist.schema.js';
import type { CommentRow, IdeaRow } from './wishlist.store.js';

/** Shared by the public side (wishlist.service.ts) and the owner's (wishlist.moderation.ts). */
export const TYPE = 'wishlist';
/** The board is single-instance: its flow's slug (wishlist.flow.ts primarySlug), which its preview tokens name. */
export const BOARD_SLUG = 'wishlist';

/** An idea as the owner API answers it (also the data of the wishlist events). */
export const toOwnerIdea = (r: IdeaRow): OwnerIdea => ({
  id: r.id,
  title: r.title,
  body: r.body,
  category: r.category,
  status: r.status as IdeaStatus,
  voteCount: r.vote_count,
  commentCount: r.comment_count,
  pinned: r.pinned === 1,
  author: r.author_name || 'Anonymous',
  email: r.email,
  source: r.source,
  country: r.country,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toComment = (c: CommentRow): PublicComment => ({
  id: c.id,
  body: c.body,
  author: c.author_name || (c.is_owner ? 'Team' : 'Anonymous'),
  isOwner: c.is_owner === 1,
  isOfficial: c.is_official === 1,
  createdAt: c.created_at,
});

/** A new idea row: counters at zero, everything not given empty. */
export function newIdeaRow(appId: string, flowId: string, at: string, fields: Partial<IdeaRow> & Pick<IdeaRow, 'title' | 'status'>): IdeaRow {
  return {
    id: newId(),
    app_id: appId,
    flow_id: flowId,
    body: null,
    category: null,
    vote_count: 0,
    comment_count: 0,
    pinned: 0,
    author_name: null,
    email: null,
    email_hash: null,
    voter_key: null,
    source: null,
    country: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export function newCommentRow(appId: string, ideaId: string, at: string, fields: Pick<CommentRow, 'body' | 'author_name' | 'is_owner' | 'is_official' | 'voter_key'>): CommentRow {
  return { id: newId(), idea_id: ideaId, app_id: appId, deleted_at: null, created_at: at, ...fields };
}
