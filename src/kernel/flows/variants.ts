/**
 * The seam through which experiments (src/experiments) choose which published version a person
 * is served, without the kernel or the flow types knowing about experiments. The kernel asks at
 * the single place each hosted flow starts (kernel/sessions `start`); nothing registered: the
 * flow's current version, as before.
 */

/** What identifies a person, strongest first (assignment uses the first present). */
export interface Who {
  userId?: string | null;
  anonymousId?: string | null;
  /** A first-party visitor cookie of web visitors. */
  visitor?: string | null;
  /** HMAC of the client address (ClientInfo.ipHash). */
  ipHash?: string | null;
}

/** Another published version for one person, and the counter its exposure adds to (db/rollups.ts). */
export interface VersionPick {
  versionId: string;
  versionNumber: number;
  exposed: string;
  /** The counter a conversion of this person adds to (a waitlist signup). */
  converted: string;
}

export interface VariantPicker {
  /** The version this person gets of the flow while an experiment runs on it; null: the current version. */
  pick(flow: { appId: string; flowId: string; type: string }, who: Who): Promise<VersionPick | null>;
  /** The counter a conversion adds to, for a session of this flow pinned to this version and started at `startedAt`; null: none. */
  converted(flowId: string, versionNumber: number, startedAt: string): Promise<string | null>;
  /** Counts a page view's exposure once per person and experiment (a waitlist page; sessions count with their row). */
  exposeOnce(appId: string, flowId: string, who: Who): Promise<void>;
}
