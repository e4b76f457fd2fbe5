import { Agent, request } from 'node:http';
import { baseUrl, type TestApp } from '../helpers.js';
export { baseUrl };

export const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  facebookInApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBBV/574134018;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4]',
};

/** Link-preview fetchers and crawlers seen in the wild. */
export const BOT_AGENTS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Slack-ImgProxy (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0 A',
  'WhatsApp/2.2407.3 i',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  'Twitterbot/1.0',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'TelegramBot (like TwitterBot)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
];

export interface Visit {
  status: number;
  location?: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One request over real HTTP (no redirect following). */
export function visit(url: string, opts: { ua?: string; method?: string; host?: string; headers?: Record<string, string> } = {}): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.ua !== undefined) headers['user-agent'] = opts.ua;
    if (opts.host) headers.host = opts.host;
    const req = request(url, { method: opts.method ?? 'GET', headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}


/**
 * A visit of the test app over real HTTP, as in production: the redirect fast path
 * (links.redirect.ts) only exists on the server's socket, never under Fastify inject.
 */
export async function visitApp(t: TestApp, path: string, opts: { ua?: string; method?: 'GET' | 'HEAD'; host?: string; headers?: Record<string, string> } = {}) {
  return visit(`${await baseUrl(t)}${path}`, opts);
}

/** A settable clock for expiry tests. */
export function manualClock(start = '2030-01-01T00:00:00.000Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (iso: string) => void (now = new Date(iso).getTime()),
    advance: (ms: number) => void (now += ms),
  };
}

export function linksApi(t: TestApp, appSlug: string, headers: Record<string, string> = t.auth) {
  const base = `/api/v1/apps/${appSlug}/links`;
  const json = { ...headers, 'content-type': 'application/json' };
  return {
    base,
    create: (body: unknown) => t.app.inject({ method: 'POST', url: base, headers: json, payload: JSON.stringify(body) }),
    list: (q = '') => t.app.inject({ method: 'GET', url: `${base}${q}`, headers }),
    get: (idOrCode: string) => t.app.inject({ method: 'GET', url: `${base}/${encodeURIComponent(idOrCode)}`, headers }),
    patch: (idOrCode: string, body: unknown) =>
      t.app.inject({ method: 'PATCH', url: `${base}/${encodeURIComponent(idOrCode)}`, headers: json, payload: JSON.stringify(body) }),
    remove: (idOrCode: string) => t.app.inject({ method: 'DELETE', url: `${base}/${encodeURIComponent(idOrCode)}`, headers }),
  };
}
