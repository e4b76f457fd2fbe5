import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS with an ES-style `export default` in its types: take whichever the loader gave.
type Decode = (data: Uint8ClampedArray, width: number, height: number, opts?: { inversionAttempts?: 'attemptBoth' }) => { data: string } | null;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** Reads a QR code back from PNG bytes (pngjs + jsQR, trying the inverted image too): its text and the image size. */
export function decodePng(bytes: Buffer): { text: string | undefined; width: number; height: number; topLeft: [number, number, number] } {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height, { inversionAttempts: 'attemptBoth' });
  return { text: code?.data, width: png.width, height: png.height, topLeft: [png.data[0], png.data[1], png.data[2]] };
}
