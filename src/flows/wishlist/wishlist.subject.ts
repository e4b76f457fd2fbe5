import type { Db } from '../../db/index.js';
import { subjectEmail, type SubjectData } from '../../kernel/subject.js';
import { emailHash, subjectVoterKeys } from './wishlist.identity.js';
import type { WishlistStore } from './wishlist.store.js';

/**
 * Data rights for the wishlist (kernel/subject.ts). Votes and comments carry only a voter key
 * (an HMAC of the email in email mode, else of the userId, else of the anonymous id together with
 * the client's hashed address), so they are found from the email and the userId; ideas also by
 * their contact email and its keyed hash. Erasing an idea removes the votes and comments others
 * left on it too (`wishlist_votes_on_erased_ideas`, `wishlist_comments_on_erased_ideas`).
 */
export function wishlistSubjectData(store: WishlistStore, secret: string, dialect: 'sqlite' | 'postgres'): SubjectData {
  const who = (s: Parameters<SubjectData['export']>[1]) => {
    const email = subjectEmail(s);
    return { email, emailHash: email ? emailHash(secret, email) : undefined, voterKeys: subjectVoterKeys(secret, s) };
  };
  return {
    async export(appId, subject, on?: Db) {
      const r = await store.subjectRows(appId, who(subject), on);
      return { wishlist_ideas: r.ideas, wishlist_votes: r.votes, wishlist_comments: r.comments };
    },
    async erase(appId, subject, trx) {
      const r = await store.eraseSubject(appId, who(subject), trx, { lockRows: dialect === 'postgres' });
      return {
        wishlist_ideas: r.ideas,
        wishlist_votes: r.votes,
        wishlist_comments: r.comments,
        wishlist_votes_on_erased_ideas: r.othersVotes,
        wishlist_comments_on_erased_ideas: r.othersComments,
      };
    },
  };
}
