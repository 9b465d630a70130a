import { crc32, deflateSync } from 'node:zlib';

/** A big-endian EXIF block whose GPS IFD holds a latitude (N 51° 55′ 12″): "Exif\0\0" + TIFF. */
export function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 2 * 12 + 4 + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825) pointing at the GPS IFD.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: GPSLatitudeRef "N", GPSLatitude (3 rationals at 56).
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(0x0001, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'latin1');
  tiff.writeUInt16BE(0x0002, 40);
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  tiff.writeUInt32BE(0, 52);
  [51, 1, 55, 1, 12, 1].forEach((v, i) => tiff.writeUInt32BE(v, 56 + i * 4));
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/**
 * A JPEG laid out as cameras write them: SOI, JFIF, EXIF with GPS, XMP, a comment, quantisation
 * and Huffman tables, a frame, a scan with entropy-coded bytes (stuffed 0xFF00 and a restart
 * marker included), EOI, and bytes after the end.
 */
export function jpegWithGps(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exifWithGps()),
    segment(
      0xe1,
      Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>51,55.2N</exif:GPSLatitude></x:xmpmeta>', 'latin1'),
    ),
    segment(0xfe, Buffer.from('Taken at Quay 4', 'latin1')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 16, 0, 16, 1, 1, 0x11, 0])),
    segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.from([0])])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0x9a]),
    Buffer.from([0xff, 0xd9]),
    Buffer.from('trailing secrets', 'latin1'),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A 4×4 PNG with an eXIf chunk (GPS), a text chunk, an ICC profile and a time stamp. */
export function pngWithGps(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 4 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(12, 200)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('iCCP', Buffer.concat([Buffer.from('camera\0\0', 'latin1'), deflateSync(Buffer.alloc(32, 7))])),
    chunk('eXIf', exifWithGps().subarray(6)),
    chunk('tEXt', Buffer.from('Comment\0GPS 51.92N 4.48E', 'latin1')),
    chunk('tIME', Buffer.from([7, 234, 11, 27, 9, 0, 0])),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A WebP (VP8X container) with EXIF, XMP and ICC chunks around a lossless picture. */
export function webpWithGps(): Buffer {
  const riffChunk = (fourcc: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(fourcc, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x20 | 0x08 | 0x04;
  const body = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('ICCP', Buffer.alloc(20, 3)),
    riffChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11])),
    riffChunk('EXIF', exifWithGps().subarray(6)),
    riffChunk('XMP ', Buffer.from('<x:xmpmeta>GPS</x:xmpmeta>', 'latin1')),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** The bytes of the GPS latitude rationals (51/1, 55/1, 12/1) as EXIF writes them. */
export const GPS_LATITUDE_BYTES = Buffer.from([0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 55, 0, 0, 0, 1, 0, 0, 0, 12, 0, 0, 0, 1]);

/** A `width`×`height` truecolour PNG of one grey level (valid chunks and CRCs, no metadata). */
export function solidPng(width: number, height: number, grey: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, grey)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
