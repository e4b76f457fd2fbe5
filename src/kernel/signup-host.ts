import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Preroute } from './preroute.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also answers on SIGNUP_URL's own host (what a waitlist page uses: assets, the signup POST). */
    signupHost?: boolean;
  }
}

/** SIGNUP_URL's host when it is a host of its own (not WEB_URL's), else undefined. */
export function separateSignupHost(config: { signupUrl: string; webUrl: string }): string | undefined {
  const signup = new URL(config.signupUrl).host;
  return signup === new URL(config.webUrl).host ? undefined : signup;
}

const isOn = (req: IncomingMessage, host: string) => req.headers.host?.toLowerCase() === host;

/**
 * A separate SIGNUP_URL host serves waitlists only: `/<app>[/<flow>]`, registered for that host
 * (forms.pages.tsx), and the routes marked `config.signupHost` that those pages use. Every other
 * route gets the router constraint `site: 'web'`, so on the signup host the router skips it and
 * falls back to the waitlist routes (`/feedback/x` there is app `feedback`'s waitlist `x`, never
 * the feedback form of app `x`) or to the 404 handler. A constraint rather than an onRequest
 * check, because a route that wins the match for a path (a static segment beats `/:appSlug`)
 * must lose it on that host, not merely refuse. Call before any route is registered.
 */
export function registerSignupHost(app: FastifyInstance, host: string) {
  app.addConstraintStrategy({
    name: 'site',
    // One store per route node: the handler for each site value.
    storage: () => {
      const handlers = new Map<unknown, never>();
      return { get: (site) => handlers.get(site) ?? null, set: (site, handler) => void handlers.set(site, handler as never) };
    },
    deriveConstraint: (req) => (isOn(req as IncomingMessage, host) ? 'signup' : 'web'),
    // Routes without a `site` (the signupHost ones) match on every host.
    mustMatchWhenDerived: false,
  });
  app.addHook('onRoute', (route) => {
    const { host: routeHost, ...others } = (route.constraints ?? {}) as Record<string, unknown>;
    if (typeof routeHost === 'string' && routeHost.toLowerCase() === host) route.constraints = { ...others, site: 'signup' };
    else if (!route.config?.signupHost) route.constraints = { ...route.constraints, site: 'web' };
  });
}

/** The same rule for a preroute (which runs before the router): it never answers on the signup host. */
export function offSignupHost(preroute: Preroute, host: string | undefined): Preroute {
  if (!host) return preroute;
  return (req, res, fastify) => !isOn(req, host) && preroute(req, res, fastify);
}
