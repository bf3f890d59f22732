import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_PIXELS, sanitizePhoto } from './photo-sanitizer.ts';

const MB = 1024 * 1024;
const exif = { IFD0: { Copyright: 'secret-owner-marker', Artist: 'Jane Doe' }, IFD3: { GPSLatitudeRef: 'N' } };

function base(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
}

describe('sanitizePhoto', () => {
  it('strips EXIF (and its bytes) from a JPEG and keeps the picture', async () => {
    const input = await base().jpeg().withExif(exif).toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes('secret-owner-marker')).toBe(true);

    const out = await sanitizePhoto(input, 5 * MB);
    if (!out.ok) throw new Error(out.reason);
    const meta = await sharp(out.content).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.content.includes('secret-owner-marker')).toBe(false);
    expect(out.content.includes('Exif\0\0')).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('strips metadata from a PNG and applies the EXIF orientation before dropping it', async () => {
    const input = await base(64, 48).png().withExif(exif).withMetadata({ orientation: 6 }).toBuffer();
    expect(input.includes('secret-owner-marker')).toBe(true);
    const out = await sanitizePhoto(input, 5 * MB);
    if (!out.ok) throw new Error(out.reason);
    const meta = await sharp(out.content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.content.includes('secret-owner-marker')).toBe(false);
    // orientation 6 = rotate 90°: the stored pixels stand upright
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });

  it('drops bytes appended after the image (polyglot files)', async () => {
    const input = Buffer.concat([await base().jpeg().toBuffer(), Buffer.from('<script>alert(1)</script>')]);
    const out = await sanitizePhoto(input, 5 * MB);
    if (!out.ok) throw new Error(out.reason);
    expect(out.content.includes('<script>')).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP by its content', async () => {
    expect(await sanitizePhoto(Buffer.from('%PDF-1.7 not an image at all'), 5 * MB)).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(await sanitizePhoto(await base().gif().toBuffer(), 5 * MB)).toEqual({ ok: false, reason: 'type' });
    // a JPEG header followed by garbage
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await sanitizePhoto(broken, 5 * MB)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses a file over the byte limit and a canvas over the pixel limit', async () => {
    const small = await base().jpeg().toBuffer();
    expect(await sanitizePhoto(small, small.length - 1)).toEqual({ ok: false, reason: 'size' });
    const side = Math.ceil(Math.sqrt(MAX_PHOTO_PIXELS)) + 10;
    const bomb = pngHeaderOnly(side, side);
    expect(bomb.length).toBeLessThan(1024);
    expect(await sanitizePhoto(bomb, 5 * MB)).toEqual({ ok: false, reason: 'size' });
  });
});

/** A PNG that declares a width x height 1-bit canvas: the decoder must refuse it from the header alone. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
