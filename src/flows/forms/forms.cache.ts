import type { PublishedFlow } from '../../kernel/flows/flows.service.js';
import { memoize } from '../../kernel/memoize.js';

export type PublishedLookup = (appSlug: string, type: string, flowSlug?: string) => Promise<PublishedFlow>;

/**
 * Public submits and pages look up the same published flow on every request (app, flow and
 * version: three queries). A new publish reaches public endpoints within a second.
 */
export const cachedLookup = (load: PublishedLookup): PublishedLookup => memoize(load, (appSlug, type, flowSlug) => `${type}\n${appSlug}\n${flowSlug ?? ''}`, 1000);
