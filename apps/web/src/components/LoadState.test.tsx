import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadState } from './LoadState.tsx';

const read = (isError: boolean) => ({ isError, refetch: async () => undefined });

describe('LoadState', () => {
  it('waits while every read is on its way', () => {
    const html = renderToStaticMarkup(<LoadState of={[read(false), read(false)]} />);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('load-failed');
  });

  it('fails, with a retry, when any of the reads failed', () => {
    const html = renderToStaticMarkup(<LoadState of={[read(false), read(true)]} />);
    expect(html).toContain('data-testid="load-failed"');
    expect(html).toContain('data-testid="load-retry"');
  });

  it('offers no retry when there is nothing to retry', () => {
    expect(renderToStaticMarkup(<LoadState error />)).not.toContain('load-retry');
  });
});
