import { describe, expect, it } from 'vitest';
import { imageProblem, MAX_IMAGE_BYTES, MAX_IMAGES } from './images.ts';

const file = (type: string, size = 1000, name = 'a.png') => ({ type, size, name });

describe('imageProblem', () => {
  it('accepts JPEG, PNG and WebP within the size limit', () => {
    for (const t of ['image/jpeg', 'image/png', 'image/webp']) expect(imageProblem(file(t), 0)).toBeNull();
    expect(imageProblem(file('image/png', MAX_IMAGE_BYTES), 5)).toBeNull();
  });
  it('refuses other types, even with an image-like name', () => {
    expect(imageProblem(file('image/gif', 10, 'a.gif'), 0)).toBe('images.notImage');
    expect(imageProblem(file('application/pdf', 10, 'x.png'), 0)).toBe('images.notImage');
    expect(imageProblem(file('image/svg+xml', 10, 'x.svg'), 0)).toBe('images.notImage');
  });
  it('falls back to the name when the browser gives no type', () => {
    expect(imageProblem(file('', 10, 'photo.JPG'), 0)).toBeNull();
    expect(imageProblem(file('', 10, 'notes.txt'), 0)).toBe('images.notImage');
  });
  it('refuses files over the limit, empty files, and a seventh image', () => {
    expect(imageProblem(file('image/png', MAX_IMAGE_BYTES + 1), 0)).toBe('images.tooLarge');
    expect(imageProblem(file('image/png', 0), 0)).toBe('images.empty');
    expect(imageProblem(file('image/png'), MAX_IMAGES)).toBe('images.tooMany');
  });
});
