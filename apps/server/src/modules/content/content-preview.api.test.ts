import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';

const server = serverForSuite();

describe('the content preview', () => {
  it('shows a body as users will get it (sanitized), to content operators only', async () => {
    const content = await server.createOperator(['content']);
    const res = await server.api(
      '/admin/content/preview',
      { body: '<p onclick="x()">Hello <b>world</b></p><script>alert(1)</script>' },
      { token: content.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.html).toContain('<b>world</b>');
    expect(res.body.data.html).not.toContain('script');
    expect(res.body.data.html).not.toContain('onclick');
    const finance = await server.createOperator(['finance']);
    expect((await server.api('/admin/content/preview', { body: 'x' }, { token: finance.token })).status).toBe(403);
  });
});
