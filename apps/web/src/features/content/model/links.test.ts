import { describe, expect, it } from 'vitest';
import { linkTarget } from './links.ts';

const ORIGIN = 'https://tidemark.example';

describe('linkTarget', () => {
  it('keeps a relative path inside the app', () => {
    expect(linkTarget('/announcementDetail/3?x=1', ORIGIN)).toEqual({
      kind: 'internal',
      path: '/announcementDetail/3?x=1',
    });
  });
  it('treats a full link to this site as internal', () => {
    expect(linkTarget('https://tidemark.example/aboutUs', ORIGIN)).toEqual({ kind: 'internal', path: '/aboutUs' });
  });
  it('opens another site as external', () => {
    expect(linkTarget('https://news.example/a', ORIGIN)).toEqual({ kind: 'external', url: 'https://news.example/a' });
  });
  it('refuses script and data links and empty values', () => {
    expect(linkTarget('javascript:alert(1)', ORIGIN).kind).toBe('none');
    expect(linkTarget(' JavaScript:alert(1)', ORIGIN).kind).toBe('none');
    expect(linkTarget('data:text/html,<script>1</script>', ORIGIN).kind).toBe('none');
    expect(linkTarget('', ORIGIN).kind).toBe('none');
    expect(linkTarget(null, ORIGIN).kind).toBe('none');
  });
});
