/** Table types: Wishlist ideas, votes and comments. */

export interface WishlistIdeasTable {
  id: string;
  app_id: string;
  flow_id: string;
  title: string;
  body: string | null;
  category: string | null;
  status: string;
  vote_count: number;
  comment_count: number;
  pinned: number;
  author_name: string | null;
  email: string | null;
  email_hash: string | null;
  voter_key: string | null;
  source: string | null;
  country: string | null;
  created_at: string;
  updated_at: string;
}

export interface WishlistVotesTable {
  idea_id: string;
  voter_key: string;
  created_at: string;
}

export interface WishlistCommentsTable {
  id: string;
  idea_id: string;
  app_id: string;
  body: string;
  author_name: string | null;
  is_owner: number;
  is_official: number;
  voter_key: string | null;
  deleted_at: string | null;
  created_at: string;
}

export interface WishlistTables {
  wishlist_ideas: WishlistIdeasTable;
  wishlist_votes: WishlistVotesTable;
  wishlist_comments: WishlistCommentsTable;
}
