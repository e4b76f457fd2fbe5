import type { FastifyInstance } from 'fastify';
import { goodCancel } from './cancel.fixtures.js';

/** A server with Fastify's inject (a TestApp's app, or a second node). */
type Node = Pick<FastifyInstance, 'inject'>;

export const json = { 'content-type': 'application/json' };

/** Polls until `cond` holds (true) or `ms` pass (false). */
export async function until(cond: () => boolean | Promise<boolean>, ms: number, every = 50) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, every));
  }
  return true;
}

/** The owner calls of one app's cancel flows on one node. */
export function cancelFlows(node: Node, auth: { authorization: string }, appSlug: string) {
  const url = (sub: string, flowSlug?: string) => `/api/v1/apps/${appSlug}/flows/cancel${sub}${flowSlug ? `?flowSlug=${flowSlug}` : ''}`;
  return {
    put: async (config: unknown = goodCancel(), flowSlug?: string) => {
      const r = await node.inject({ method: 'PUT', url: url('', flowSlug), headers: { ...auth, ...json }, payload: JSON.stringify(config) });
      if (r.statusCode !== 200) throw new Error(`PUT: ${r.statusCode} ${r.body}`);
    },
    /** POST …/publish: bodiless (no Content-Type, as AppMate sends it) unless a body is given. */
    publish: (body?: unknown, flowSlug?: string) =>
      node.inject({ method: 'POST', url: url('/publish', flowSlug), headers: body === undefined ? auth : { ...auth, ...json }, payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }),
    cancel: (flowSlug?: string, segment = 'cancel') => node.inject({ method: 'DELETE', url: `/api/v1/apps/${appSlug}/flows/${segment}/schedule${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: auth }),
    get: async (flowSlug?: string) => {
      const r = await node.inject({ method: 'GET', url: url('', flowSlug), headers: auth });
      if (r.statusCode !== 200) throw new Error(`GET: ${r.statusCode} ${r.body}`);
      return r.json();
    },
  };
}

/** A cancel config that differs from goodCancel() by its intro title. */
export const editedCancel = (title: string) => {
  const c = goodCancel();
  c.intro.title = title;
  return c;
};
