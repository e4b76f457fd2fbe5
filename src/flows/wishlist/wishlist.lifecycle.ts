import { unprocessable } from '../../kernel/errors.js';
import type { IdeaStatus } from './wishlist.schema.js';

/**
 * Owner moves between statuses. SPEC's table gives pending→open, open→planned→in_progress→done
 * and "open and later"→declined. The rest are our choices (docs/wishlist.md): a pending idea can
 * be declined outright; steps may be skipped forward (open→done); one step back is allowed to fix
 * a mistake (planned→open, in_progress→planned, done→in_progress to reopen); a declined idea can
 * be reconsidered (→open). Nothing goes back to pending: once public, votes and comments exist.
 */
export const ALLOWED_MOVES: Record<IdeaStatus, readonly IdeaStatus[]> = {
  pending: ['open', 'declined'],
  open: ['planned', 'in_progress', 'done', 'declined'],
  planned: ['in_progress', 'done', 'declined', 'open'],
  in_progress: ['done', 'declined', 'planned'],
  done: ['in_progress'],
  declined: ['open'],
};

/** Throws 422 naming the allowed moves; the same status is a no-op and passes. */
export function assertMove(from: IdeaStatus, to: IdeaStatus) {
  if (from === to || ALLOWED_MOVES[from].includes(to)) return;
  throw unprocessable(`Cannot move an idea from ${from} to ${to}; allowed from ${from}: ${ALLOWED_MOVES[from].join(', ')}`, [
    { path: '/status', message: `allowed from ${from}: ${ALLOWED_MOVES[from].join(', ')}` },
  ]);
}
