/**
 * Log lines for a person watching `npm start` in a terminal: pino's JSON turned into one short
 * line each, a request as one `GET /path 200 3 ms` line (Fastify logs "incoming request" and
 * "request completed" apart; the first is held until the second), other messages with their
 * level. Only on a TTY: log collectors keep reading pino's JSON unchanged.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Requests that never complete (a client gone mid-body) must not grow the table without bound.
const MAX_PENDING = 10_000;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { stack?: string; message?: string };
  [key: string]: unknown;
}

const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

export function createTtyLogFormatter(opts: { color: boolean }) {
  const pending = new Map<string, string>();
  const paint = (code: string, s: string) => (opts.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const clock = (t?: number) => new Date(t ?? Date.now()).toISOString().slice(11, 19);

  /** One JSON line in, the text to print (with its newline) out; '' for a line held back. */
  return function format(json: string): string {
    let line: LogLine;
    try {
      line = JSON.parse(json) as LogLine;
    } catch {
      return json.endsWith('\n') ? json : `${json}\n`;
    }
    const at = paint('2', clock(line.time));
    if (line.msg === 'incoming request' && line.reqId && line.req) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
      pending.set(line.reqId, `${line.req.method ?? ''} ${line.req.path ?? ''}`);
      return '';
    }
    if (line.msg === 'request completed' && line.res) {
      const request = (line.reqId && pending.get(line.reqId)) || `request ${line.reqId ?? ''}`;
      if (line.reqId) pending.delete(line.reqId);
      const status = line.res.statusCode ?? 0;
      const shown = status >= 500 ? paint('31', String(status)) : status >= 400 ? paint('33', String(status)) : String(status);
      const ms = line.responseTime === undefined ? '' : ` ${paint('2', `${Math.round(line.responseTime)} ms`)}`;
      return `${at} ${paint('2', request)} ${shown}${ms}\n`;
    }
    const level = LEVELS[line.level ?? 30] ?? String(line.level);
    const tag = (line.level ?? 30) >= 50 ? paint('31', level) : (line.level ?? 30) >= 40 ? paint('33', level) : level;
    const extra = Object.fromEntries(Object.entries(line).filter(([k]) => !OMIT.has(k)));
    const rest = Object.keys(extra).length ? ` ${paint('2', JSON.stringify(extra))}` : '';
    const err = line.err?.stack ? `\n${line.err.stack}` : '';
    return `${at} ${tag} ${line.msg ?? ''}${rest}${err}\n`;
  };
}

/** A pino destination that prints formatted lines to `out` (process.stdout). */
export function ttyLogStream(out: NodeJS.WritableStream, color: boolean) {
  const format = createTtyLogFormatter({ color });
  return {
    write(chunk: string) {
      const text = format(chunk);
      if (text) out.write(text);
    },
  };
}
