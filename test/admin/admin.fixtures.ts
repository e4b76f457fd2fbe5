import type { Dialect } from '../../src/config.js';
import type { Clock } from '../../src/kernel/clock.js';
import { testApp, type TestApp } from '../helpers.js';

export const EMAIL = 'owner@example.com';
export const PASSWORD = 'correct horse battery';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
export const preTokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
export const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

/** A clock tests can move. */
export function movableClock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) } satisfies Clock & { advance(ms: number): number };
}

export type OwnerApp = TestApp & {
  owners: any;
  signIn(email?: string, password?: string, headers?: Record<string, string>): Promise<{ status: number; cookie: string; body: string; setCookie: string | undefined }>;
  /** GET a dashboard page as the signed-in owner; returns the page and its CSRF token. */
  page(url: string, cookie: string): Promise<{ status: number; body: string; csrf: string; headers: Record<string, unknown> }>;
  post(url: string, cookie: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<{ status: number; body: string; location?: string }>;
};

/** A server with one owner (EMAIL / PASSWORD) on the default account, the one `t.auth` acts for. */
export async function ownerApp(dialect: Dialect, opts: { env?: Record<string, string>; clock?: Clock; noOwner?: boolean } = {}): Promise<OwnerApp> {
  const t = await testApp(dialect, { env: opts.env, clock: opts.clock });
  const owners = (t.app.services as any).owners;
  if (!opts.noOwner) await owners.create(EMAIL, PASSWORD);
  const x = t as OwnerApp;
  x.owners = owners;
  x.signIn = async (email = EMAIL, password = PASSWORD, headers = {}) => {
    const login = await t.app.inject({ url: '/admin/login' });
    const r = await t.app.inject({ method: 'POST', url: '/admin/login', headers: { ...FORM, ...headers }, payload: form({ _token: preTokenOf(login.body), email, password }) });
    const setCookie = r.headers['set-cookie'] as string | undefined;
    return { status: r.statusCode, cookie: setCookie ? cookieOf(setCookie) : '', body: r.body, setCookie };
  };
  x.page = async (url, cookie) => {
    const r = await t.app.inject({ url, headers: { cookie, accept: 'text/html' } });
    return { status: r.statusCode, body: r.body, csrf: csrfOf(r.body), headers: r.headers };
  };
  x.post = async (url, cookie, fields, headers = {}) => {
    const r = await t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie, ...headers }, payload: form(fields) });
    return { status: r.statusCode, body: r.body, location: r.headers.location as string | undefined };
  };
  return x;
}
