import { describe, expect, it, vi } from 'vitest';
import { copyText, rateToPercent, shareLink } from './share.ts';

const data = { title: 'Tidemark', text: 'Join me', url: 'https://x.test/register?code=AB12CD34' };

describe('shareLink', () => {
  it('uses the share sheet when there is one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareLink({ share, clipboard: { writeText } }, data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled, not as a failure', async () => {
    const share = vi.fn(async () => {
      throw Object.assign(new Error('closed'), { name: 'AbortError' });
    });
    expect(await shareLink({ share, clipboard: { writeText: async () => {} } }, data)).toBe('cancelled');
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink({ clipboard: { writeText } }, data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('reports a refused clipboard', async () => {
    expect(await copyText({ clipboard: { writeText: async () => Promise.reject(new Error('denied')) } }, 'x')).toBe(
      'failed',
    );
    expect(await copyText({}, 'x')).toBe('failed');
  });
});

describe('rateToPercent', () => {
  it('turns published rates into percentages exactly', () => {
    expect(rateToPercent('0.2')).toBe('20%');
    expect(rateToPercent('0.1')).toBe('10%');
    expect(rateToPercent('0.0125')).toBe('1.25%');
    expect(rateToPercent('1')).toBe('100%');
    expect(rateToPercent('0')).toBe('0%');
  });
});
