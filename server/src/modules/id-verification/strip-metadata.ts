/**
 * Removes what an image says besides its pixels — EXIF (camera, time, GPS position), XMP, IPTC,
 * ICC profiles, comments, text chunks and anything after the image's end — by rewriting its
 * container with only the segments a decoder needs. The compressed pixels are copied unchanged
 * (no re-encoding, so no quality loss). Accepts JPEG, PNG and WebP; anything that does not parse
 * as one of them is refused (`null`).
 */
export function stripImageMetadata(bytes: Buffer, type: 'image/jpeg' | 'image/png' | 'image/webp'): Buffer | null {
  try {
    if (type === 'image/jpeg') return stripJpeg(bytes);
    if (type === 'image/png') return stripPng(bytes);
    return stripWebp(bytes);
  } catch {
    return null;
  }
}

/** Markers without a length field: TEM, RST0–7, SOI, EOI. */
const standalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
/** APP0–APP15 and COM carry metadata; APP14 ("Adobe") tells the colour transform and is kept. */
const metadataMarker = (marker: number): boolean => (marker >= 0xe0 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;

function stripJpeg(src: Buffer): Buffer | null {
  if (src.length < 4 || src[0] !== 0xff || src[1] !== 0xd8) return null;
  const out: Buffer[] = [src.subarray(0, 2)];
  let i = 2;
  while (i < src.length) {
    if (src[i] !== 0xff) return null;
    while (src[i] === 0xff && i < src.length) i++; // fill bytes
    const marker = src[i]!;
    i++;
    if (marker === 0xd9) {
      out.push(Buffer.from([0xff, 0xd9]));
      return Buffer.concat(out); // whatever follows the end of the image is dropped
    }
    if (standalone(marker)) {
      out.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (i + 2 > src.length) return null;
    const length = src.readUInt16BE(i);
    if (length < 2 || i + length > src.length) return null;
    const segment = src.subarray(i - 2, i + length);
    i += length;
    if (!metadataMarker(marker)) out.push(segment);
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker (0xFF00 is a stuffed byte, RSTn a restart).
      const start = i;
      while (i < src.length) {
        if (src[i] === 0xff) {
          const next = src[i + 1];
          if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) {
            i += 2;
            continue;
          }
          if (next === 0xff) {
            i++;
            continue;
          }
          break;
        }
        i++;
      }
      out.push(src.subarray(start, i));
    }
  }
  return null; // no end of image
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The chunks that make the picture (critical ones, transparency, colour basics, animation). */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

function stripPng(src: Buffer): Buffer | null {
  if (src.length < 8 || !src.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const out: Buffer[] = [PNG_SIGNATURE];
  let i = 8;
  while (i + 12 <= src.length) {
    const length = src.readUInt32BE(i);
    const type = src.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > src.length) return null;
    if (PNG_KEEP.has(type)) out.push(src.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
  return null;
}

/** The chunks of a WebP picture; ICCP, EXIF, XMP and unknown chunks are dropped. */
const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);
/** VP8X flags: ICC profile, EXIF, XMP. */
const VP8X_METADATA_FLAGS = 0x20 | 0x08 | 0x04;

function stripWebp(src: Buffer): Buffer | null {
  if (src.length < 12 || src.toString('latin1', 0, 4) !== 'RIFF' || src.toString('latin1', 8, 12) !== 'WEBP') return null;
  const riffEnd = Math.min(src.length, 8 + src.readUInt32LE(4));
  const chunks: Buffer[] = [];
  let i = 12;
  while (i + 8 <= riffEnd) {
    const fourcc = src.toString('latin1', i, i + 4);
    const size = src.readUInt32LE(i + 4);
    const end = i + 8 + size + (size % 2);
    if (i + 8 + size > riffEnd) return null;
    if (WEBP_KEEP.has(fourcc)) {
      const chunk = Buffer.from(src.subarray(i, Math.min(end, riffEnd)));
      if (fourcc === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      chunks.push(chunk.length % 2 ? Buffer.concat([chunk, Buffer.alloc(1)]) : chunk);
    }
    i = end;
  }
  if (!chunks.some((c) => ['VP8 ', 'VP8L', 'ANMF'].includes(c.toString('latin1', 0, 4)))) return null;
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
