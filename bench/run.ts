/** `npm run bench -- <name>` runs bench/<name>.bench.ts. */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const name = process.argv[2];
const file = name && resolve(import.meta.dirname, `${name}.bench.ts`);
if (!file || !existsSync(file)) {
  const names = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', ''));
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${names.join(', ')}`);
  process.exit(1);
}
await import(pathToFileURL(file).href);
