import http from 'node:http';
import https from 'node:https';
import type { lookup as dnsLookup } from 'node:dns';
import { guardedLookup, urlProblem } from './webhooks.ssrf.js';

/**
 * One HTTP attempt of a delivery (#33 §3). node:http(s) rather than fetch for the `lookup`
 * option: the socket connects only to addresses guardedLookup checked, at this very attempt
 * (DNS rebinding). A literal IP host skips lookup, so urlProblem is checked first. No redirect
 * is followed (a 3xx is a failure: following it could lead anywhere). 10 s for the whole
 * exchange; only the first 1 KB of the answer is kept.
 */
export const SEND_TIMEOUT_MS = 10_000;
export const RESPONSE_KEEP_BYTES = 1024;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** Short, safe to show the owner: never the URL (chat webhook URLs carry secrets) nor a header. */
  error: string | null;
  response: string | null;
}

export interface Sender {
  send(url: string, body: string, headers: Record<string, string>): Promise<SendResult>;
  close(): void;
}

export function createSender(opts: {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** The resolver behind the guard (tests name a host that resolves to loopback). */
  dnsLookup?: typeof dnsLookup;
}): Sender {
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const lookup = guardedLookup(opts.allowPrivate, opts.dnsLookup);
  // Kept-alive sockets: deliveries to one endpoint reuse their connection (checked when it opened).
  // No socket cap here: the worker bounds sends, and many endpoints may share one host (Slack).
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  function send(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const problem = urlProblem(url, opts.allowPrivate);
    if (problem) return Promise.resolve({ ok: false, statusCode: null, error: `Refused destination: ${problem}`, response: null });
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let done = false;
      const finish = (r: SendResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(r);
      };
      const req = lib.request(
        u,
        {
          method: 'POST',
          agent: u.protocol === 'https:' ? agents.https : agents.http,
          lookup: lookup as never,
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Appflows-Webhooks/1', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const end = () => {
            const status = res.statusCode ?? 0;
            const response = Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8');
            const ok = status >= 200 && status < 300;
            const error = ok ? null : status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`;
            finish({ ok, statusCode: status, error, response });
          };
          res.on('data', (c: Buffer) => {
            if (kept >= RESPONSE_KEEP_BYTES) return;
            chunks.push(c);
            kept += c.length;
            // Enough kept: stop reading a long (or endless) answer.
            if (kept >= RESPONSE_KEEP_BYTES) {
              end();
              res.destroy();
            }
          });
          res.on('end', end);
          res.on('error', () => end());
          res.on('close', end);
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s`, response: null });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err) => finish({ ok: false, statusCode: null, error: errorText(err), response: null }));
      req.end(body);
    });
  }

  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'EREFUSEDDESTINATION') return `Refused destination: ${e.message}`;
  const msg = String(e?.message ?? err).replace(/https?:\/\/\S+/gi, '<url>');
  return (e?.code && !msg.includes(e.code) ? `${e.code}: ${msg}` : msg).slice(0, 300);
}
