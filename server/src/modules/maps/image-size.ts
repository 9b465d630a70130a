/**
 * The pixel size of a PNG or JPEG image, read from its header (IHDR; a JPEG's first
 * start-of-frame marker). Null when the bytes are not a complete header of either.
 */
export function imageSize(body: Buffer): { width: number; height: number } | null {
  if (body.length >= 24 && body.readUInt32BE(0) === 0x89504e47 && body.toString('latin1', 12, 16) === 'IHDR') {
    return positive(body.readUInt32BE(16), body.readUInt32BE(20));
  }
  if (body.length >= 4 && body[0] === 0xff && body[1] === 0xd8) {
    let at = 2;
    while (at + 4 <= body.length) {
      if (body[at] !== 0xff) return null;
      const marker = body[at + 1]!;
      // Fill bytes, and markers without a length (RSTn, TEM).
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      const length = body.readUInt16BE(at + 2);
      // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > body.length) return null;
        return positive(body.readUInt16BE(at + 7), body.readUInt16BE(at + 5));
      }
      at += 2 + length;
    }
  }
  return null;
}

function positive(width: number, height: number): { width: number; height: number } | null {
  return width > 0 && height > 0 ? { width, height } : null;
}
