import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoProblem } from './photo-file.ts';

describe('photoProblem', () => {
  it('accepts the three image types', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(photoProblem({ type, name: 'a', size: 10 })).toBeNull();
    expect(photoProblem({ type: '', name: 'IMG_1.JPG', size: 10 })).toBeNull();
  });
  it('refuses other types, empty and oversized files', () => {
    expect(photoProblem({ type: 'application/pdf', name: 'id.pdf', size: 10 })).toBe('kyc:advanced.notImage');
    expect(photoProblem({ type: 'image/png', name: 'a.png', size: 0 })).toBe('kyc:advanced.empty');
    expect(photoProblem({ type: 'image/png', name: 'a.png', size: MAX_PHOTO_BYTES + 1 })).toBe('kyc:advanced.tooLarge');
  });
});
