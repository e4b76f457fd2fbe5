import { z } from 'zod';

/**
 * An email as the browser's `<input type=email>` accepts it (WHATWG HTML "valid email
 * address"): the one rule for every email field, so a hosted form never lets through what the
 * API then refuses (or the other way round). Local parts may hold = + ! # $ % & ' * / ? ^ ` { | } ~.
 */
export const HTML_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Trimmed, at most 254 characters, the browser's rule. */
export const htmlEmail = z.string().trim().max(254).regex(HTML_EMAIL, 'must be a valid email address');
