import { deflateSync } from 'node:zlib';
import { imageSize } from './image-size.js';

describe('imageSize', () => {
  it('reads a PNG header', () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1024, 0);
    ihdr.writeUInt32BE(768, 4);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      ihdr,
      deflateSync(Buffer.alloc(1)),
    ]);
    expect(imageSize(png)).toEqual({ width: 1024, height: 768 });
  });

  it('reads a JPEG frame after other segments, and refuses what is neither', () => {
    const segment = (marker: number, data: number[]) => Buffer.from([0xff, marker, 0, data.length + 2, ...data]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0]),
      segment(0xc4, [0, 1, 2]),
      segment(0xc2, [8, 0x01, 0x2c, 0x02, 0x58, 3]),
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 600, height: 300 });
    expect(imageSize(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
  });
});
