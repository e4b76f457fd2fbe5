import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { publicLimit } from '../rate-limit.js';

/**
 * Plumbing shared by the hosted step pages (cancel, onboarding): their routes answer pages, never
 * the API's JSON, whatever goes wrong.
 */

/** Per-minute page requests per client: a walk is a handful of them; reloads and back-and-forth are fine. */
export const pageStepLimit = (submit: number) => submit * 12;

/**
 * Awaits a service call for a page: a 404 becomes `onMissing`'s page, another refusal (4xx)
 * `onRefused`'s page saying why, and the answer is then undefined (the reply is sent); server
 * errors go on to the error handler.
 */
export async function orPage<T>(
  reply: FastifyReply,
  p: Promise<T>,
  onMissing: (reply: FastifyReply) => unknown,
  onRefused: (reply: FastifyReply, message: string, status: number) => unknown,
): Promise<T | undefined> {
  try {
    return await p;
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    if (e.status === 404) onMissing(reply);
    else onRefused(reply, e.message, e.status);
    return undefined;
  }
}

/**
 * Route options of a hosted page: hidden from the OpenAPI document, a per-client budget for
 * `action` (shared with every route naming it), and over it `tooMany`'s page (429), not JSON.
 */
export function limitedPage(max: number, action: string, tooMany: (reply: FastifyReply) => unknown) {
  return {
    schema: { hide: true },
    config: publicLimit(max, action),
    errorHandler: (err: { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => {
      if (err.statusCode !== 429) throw err;
      return tooMany(reply);
    },
  };
}
