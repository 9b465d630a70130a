import { stripImageMetadata } from './strip-metadata.js';

const segment = (marker: number, data: string | Buffer): Buffer => {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

describe('stripImageMetadata', () => {
  it('drops EXIF, XMP, comments and trailing bytes of a JPEG and keeps its tables, frame and scan', () => {
    const tables = segment(0xdb, Buffer.alloc(65, 1));
    const frame = segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
    const adobe = segment(0xee, 'Adobe\0\x64\0\0\0\0\x01');
    const scan = Buffer.concat([segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])), Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56])]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe1, 'Exif\0\0MM\0*GPS'),
      segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x/>'),
      segment(0xe2, 'ICC_PROFILE\0'),
      segment(0xfe, 'a comment'),
      tables,
      adobe,
      frame,
      scan,
      Buffer.from([0xff, 0xd9]),
      Buffer.from('after the end'),
    ]);
    const clean = stripImageMetadata(jpeg, 'image/jpeg')!;
    expect(clean).toEqual(Buffer.concat([Buffer.from([0xff, 0xd8]), tables, adobe, frame, scan, Buffer.from([0xff, 0xd9])]));
  });

  it('refuses what does not parse', () => {
    expect(stripImageMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]), 'image/jpeg')).toBeNull();
    expect(stripImageMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x04, 1, 1]), 'image/jpeg')).toBeNull();
    expect(stripImageMetadata(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 'image/png')).toBeNull();
    expect(stripImageMetadata(Buffer.from('RIFF\x04\0\0\0WEBP', 'latin1'), 'image/webp')).toBeNull();
  });
});
