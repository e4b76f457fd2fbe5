/**
 * The client of an export in forms-csv.bench.ts, in a process of its own at the lowest CPU
 * priority: it stands in for a client on another machine. On this 2-core machine it would
 * otherwise take a core's worth of time from the server and the load generator, which a remote
 * client does not. Reads the download to its end (optionally into `file`) and prints
 * { seconds, bytes, lines, encoding } as JSON; `seconds` runs from the request to the last byte.
 *   download.load.ts <url> <accept-encoding> [authorization] [file]
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { setPriority } from 'node:os';

const [url, acceptEncoding, authorization, file] = process.argv.slice(2);
setPriority(19);
const sink = file ? createWriteStream(file) : undefined;
const started = performance.now();
const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding, ...(authorization ? { authorization } : {}) } });
if (!res.ok) throw new Error(`download answered ${res.status}`);
let bytes = 0;
let lines = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
  if (sink && !sink.write(chunk)) await once(sink, 'drain');
}
if (sink) await new Promise((r) => sink.end(r));
process.stdout.write(JSON.stringify({ seconds: (performance.now() - started) / 1000, bytes, lines, encoding: res.headers.get('content-encoding') ?? 'identity' }));
