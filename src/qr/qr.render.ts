import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** Output size in pixels: clamped to this range (WIRE's clients ask 512, 660 and 1024). */
export const QR_SIZE = { min: 128, max: 2048, default: 512 } as const;
/** The quiet zone the QR standard asks for, in modules. */
const QUIET = 4;

export type QrFormat = 'png' | 'svg';
export type QrTheme = 'light' | 'dark';

/**
 * Colours per theme. `dark` is for dark screens: light modules on a dark ground (an inverted
 * code, which the iOS and Android camera apps and jsQR's `attemptBoth` read; some older
 * scanner apps do not: print the light one).
 */
const COLORS: Record<QrTheme, { fg: [number, number, number]; bg: [number, number, number] }> = {
  light: { fg: [0x00, 0x00, 0x00], bg: [0xff, 0xff, 0xff] },
  dark: { fg: [0xf2, 0xf3, 0xf7], bg: [0x0d, 0x0e, 0x13] },
};
const hex = (c: [number, number, number]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

export interface QrImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** The symbol for a text, error correction M (15 % of the symbol may be damaged or covered). */
const symbol = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;

/**
 * Renders a QR code of `text`, `size` pixels square (never below one pixel per module: a code
 * that does not fit grows). The PNG is drawn here from the library's module matrix, one bit
 * per pixel with a two-colour palette: qrcode's own PNG renderer (pngjs, pixel by pixel) took
 * 72 ms at 1024 px and 257 ms at 2048 px on the event loop on this machine; this takes 2.6 ms
 * and 3.8 ms (zlib level 6; level 9 took 20 ms at 2048 px).
 * Every module is the same whole number of pixels wide; what is left over widens the quiet zone.
 */
export async function renderQr(text: string, format: QrFormat, size: number, theme: QrTheme): Promise<QrImage> {
  const body = format === 'png' ? png(text, size, theme) : await svg(text, size, theme);
  return { body, contentType: format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8', etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The library's SVG: a viewBox in modules (crisp at any size), `width`/`height` = size. */
async function svg(text: string, size: number, theme: QrTheme): Promise<Buffer> {
  const c = COLORS[theme];
  return Buffer.from(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: QUIET, width: size, color: { dark: hex(c.fg), light: hex(c.bg) } }));
}

function png(text: string, size: number, theme: QrTheme): Buffer {
  const m = symbol(text);
  const n = m.size;
  const scale = Math.max(1, Math.floor(size / (n + 2 * QUIET)));
  const width = Math.max(size, scale * (n + 2 * QUIET));
  const offset = Math.floor((width - scale * n) / 2);
  const stride = Math.ceil(width / 8) + 1; // a filter byte (0: none) before each row
  const raw = Buffer.alloc(stride * width); // zero bits = palette entry 0 = background
  const row = Buffer.alloc(stride);
  for (let y = 0; y < n; y++) {
    row.fill(0);
    for (let x = 0; x < n; x++) {
      if (!m.get(y, x)) continue;
      for (let px = offset + x * scale, end = px + scale; px < end; px++) row[1 + (px >> 3)] |= 0x80 >> (px & 7);
    }
    for (let k = 0, top = offset + y * scale; k < scale; k++) row.copy(raw, (top + k) * stride);
  }
  const c = COLORS[theme];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.set([1, 3, 0, 0, 0], 8); // bit depth 1, colour type 3 (palette), deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from([...c.bg, ...c.fg])),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
