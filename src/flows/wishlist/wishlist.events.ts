import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import { ideaStatus, ownerIdea, publicComment } from './wishlist.schema.js';

/** The events a wishlist board sends (webhooks, notifications: kernel/events). */

export const IDEA_SUBMITTED = 'wishlist.idea.submitted';
export const IDEA_STATUS_CHANGED = 'wishlist.idea.status_changed';
export const COMMENT_CREATED = 'wishlist.comment.created';

/** The app's slug and the board (one per app: its slug is always `wishlist`). */
const where = {
  app: z.string().describe('Slug of the app.'),
  flow: z
    .object({ slug: z.string(), version: z.number().int().nullable().describe('The published version the end user wrote through; null for what the owner did (API, dashboard).') })
    .describe('The board.'),
};
export type EventFlow = z.infer<typeof where.flow>;

/** `data` of the idea events: the idea as the owner API answers it. */
export const ideaSubmittedData = ownerIdea.extend(where);
export const ideaStatusChangedData = ownerIdea.extend({
  ...where,
  from: ideaStatus.describe('The status before the change.'),
  to: ideaStatus.describe('The status now (= `status`).'),
});
/** `data` of a comment: as the API lists it, with its idea. */
export const commentCreatedData = publicComment.extend({
  ...where,
  idea: z.object({ id: z.string(), title: z.string() }).describe('The idea it is on.'),
});

const quote = (s: string, max = 80) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
};
const ideaPage = (d: { id: string }) => `wishlist/ideas/${encodeURIComponent(d.id)}`;

export const WISHLIST_EVENTS = [
  defineEvent({
    type: IDEA_SUBMITTED,
    description: 'A new idea on the board: suggested by an end user (`status` pending when it awaits moderation) or added by the owner (`source` owner).',
    data: ideaSubmittedData,
    summary: (d) => `New idea${d.status === 'pending' ? ' to review' : ''}: ${quote(d.title)} by ${d.author}`,
    dashboardPath: (d) => ideaPage(d),
  }),
  defineEvent({
    type: IDEA_STATUS_CHANGED,
    description: 'The owner moved an idea to another status (approved, planned, done, declined…); a pin alone sends nothing.',
    data: ideaStatusChangedData,
    summary: (d) => `Idea ${quote(d.title)}: ${d.from} → ${d.to}`,
    dashboardPath: (d) => ideaPage(d),
  }),
  defineEvent({
    type: COMMENT_CREATED,
    description: 'A new comment on an idea, from an end user or the owner (`isOwner`, `isOfficial`).',
    data: commentCreatedData,
    summary: (d) => `New comment on ${quote(d.idea.title, 60)} by ${d.author}: ${quote(d.body)}`,
    dashboardPath: (d) => ideaPage(d.idea),
  }),
];
