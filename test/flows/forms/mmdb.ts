/**
 * A tiny MaxMind DB (format v2) writer for tests: one IPv4 prefix -> one country. Enough for the
 * real `maxmind` reader to open and look up, without a GeoLite2 download.
 */
const str = (s: string) => {
  const b = Buffer.from(s, 'utf8');
  if (b.length >= 29) throw new Error('test strings stay short');
  return Buffer.concat([Buffer.from([(2 << 5) | b.length]), b]);
};
const bigEndian = (v: number) => {
  const bytes: number[] = [];
  for (let x = v; x > 0; x = Math.floor(x / 256)) bytes.unshift(x % 256);
  return bytes;
};
/** uint16 (type 5) or uint32 (type 6): control byte with the byte count, then the bytes. */
const uint = (type: 5 | 6, v: number) => Buffer.from([(type << 5) | bigEndian(v).length, ...bigEndian(v)]);
/** uint64 is an extended type: count in the control byte, then 9 - 7. */
const uint64 = (v: number) => Buffer.from([bigEndian(v).length, 9 - 7, ...bigEndian(v)]);
const map = (entries: [string, Buffer][]) => Buffer.concat([Buffer.from([(7 << 5) | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);
const array = (items: Buffer[]) => Buffer.concat([Buffer.from([items.length, 11 - 7]), ...items]);

export function countryMmdb(prefix: string, bits: number, country: string): Buffer {
  const ip = prefix.split('.').map(Number);
  const bit = (i: number) => (ip[i >> 3] >> (7 - (i & 7))) & 1;
  const nodeCount = bits;
  const dataPointer = nodeCount + 16; // the only record, at data offset 0
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i++) {
    const next = i === nodeCount - 1 ? dataPointer : i + 1;
    const [left, right] = bit(i) ? [nodeCount, next] : [next, nodeCount];
    tree.writeUIntBE(left, i * 6, 3);
    tree.writeUIntBE(right, i * 6 + 3, 3);
  }
  const data = map([['country', map([['iso_code', str(country)]])]]);
  const metadata = map([
    ['node_count', uint(6, nodeCount)],
    ['record_size', uint(5, 24)],
    ['ip_version', uint(5, 4)],
    ['database_type', str('Test-Country')],
    ['languages', array([str('en')])],
    ['binary_format_major_version', uint(5, 2)],
    ['binary_format_minor_version', uint(5, 0)],
    ['build_epoch', uint64(1_700_000_000)],
  ]);
  return Buffer.concat([tree, Buffer.alloc(16), data, Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex'), metadata]);
}
