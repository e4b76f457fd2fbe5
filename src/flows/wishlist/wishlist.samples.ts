import type { PreviewScreen } from '../../kernel/flows/registry.js';
import type { PublicComment, PublicIdea, WishlistConfig } from './wishlist.schema.js';

/**
 * Made-up ideas for the dashboard's preview of a board, so the owner sees how ideas, votes,
 * statuses and comments look before anyone has posted. Each one says it is a sample (title,
 * author), and none is stored: the real board starts empty.
 */
export function sampleIdeas(c: WishlistConfig, now: Date): PublicIdea[] {
  const cats = (c.categories ?? []).map((x) => x.id);
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const idea = (i: number, title: string, body: string, status: PublicIdea['status'], votes: number, comments: number, days: number): PublicIdea => ({
    id: `sample-${i}`,
    title: `Sample idea: ${title}`,
    body,
    ...(cats.length ? { category: cats[i % cats.length] } : {}),
    status,
    voteCount: votes,
    commentCount: comments,
    pinned: false,
    author: 'Sample author',
    createdAt: ago(days),
    hasVoted: i === 1,
  });
  return [
    idea(0, 'Dark mode', 'A darker theme for reading at night. (A sample: your board starts empty.)', 'planned', 42, 2, 12),
    idea(1, 'Export to PDF', 'Share a page as a PDF. (A sample: your board starts empty.)', 'open', 17, 0, 3),
    idea(2, 'Home-screen widget', 'See today at a glance. (A sample: your board starts empty.)', 'in_progress', 9, 1, 30),
  ];
}

export function sampleComments(now: Date): PublicComment[] {
  const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  return [
    { id: 'sample-c1', body: 'Sample comment: yes please, my eyes at 2 am would thank you.', author: 'Sample author', isOwner: false, isOfficial: false, createdAt: at(30) },
    { id: 'sample-c2', body: 'Sample reply from the team: it is planned for the next release.', author: 'Team', isOwner: true, isOfficial: true, createdAt: at(5) },
  ];
}

/** The screens of a board in the dashboard's preview. */
export const wishlistScreens = (): PreviewScreen[] => [
  { id: 'board', label: 'Board (sample ideas)' },
  { id: 'idea', label: 'Idea page (a sample idea)' },
  { id: 'submitted', label: 'After suggesting an idea' },
];
