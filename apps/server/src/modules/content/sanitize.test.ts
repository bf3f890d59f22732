import fc from 'fast-check';
import { decodeHTML } from 'entities';
import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isSafeUrl, plainText, RICH_TEXT_TAGS, sanitizeRichText } from './sanitize.ts';

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);

/**
 * Nothing executable may survive, judged the way a browser parses it: only allowed elements, no
 * event handler or style attribute, and no URL with a scheme other than http(s)/mailto.
 */
function assertInert(html: string) {
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        const el = node as Element;
        expect(ALLOWED.has(el.name), `element <${el.name}> in ${html}`).toBe(true);
        for (const [name, value] of Object.entries(el.attribs)) {
          expect(name.startsWith('on') || name === 'style', `attribute ${name} in ${html}`).toBe(false);
          if (name === 'href' || name === 'src') {
            // browsers ignore control characters and spaces inside a URL scheme
            // eslint-disable-next-line no-control-regex
            const v = decodeHTML(value).replace(/[\u0000-\u0020]/g, '');
            expect(
              /^(https?:|mailto:|\/(?![/\\]))/i.test(v) || !/:/.test(v.split('/')[0] ?? ''),
              `url ${value} in ${html}`,
            ).toBe(true);
            expect(v.startsWith('//'), `protocol-relative ${value}`).toBe(false);
          }
        }
        walk(el.children);
      }
    }
  };
  walk(parseDocument(html).children);
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<p onclick="alert(1)">hi</p>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">click</math>',
  '<p style="background:url(javascript:alert(1))">s</p>',
  '<div style="width: expression(alert(1))">s</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<b><i><u>unclosed <script>alert(1)',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<img src="https://ok.example/a.png" onload="alert(1)" style="x:y">',
  '<details open ontoggle=alert(1)>',
  '<a href="//evil.example">protocol-relative</a>',
];

describe('sanitizeRichText', () => {
  it('allows no element that runs code, styles the page, embeds another or submits a form', () => {
    const active = ['script', 'style', 'link', 'meta', 'base', 'svg', 'math', 'iframe', 'frame', 'object', 'embed'];
    const more = ['form', 'input', 'button', 'textarea', 'select', 'template', 'noscript', 'video', 'audio'];
    for (const name of [...active, ...more]) expect(ALLOWED.has(name), name).toBe(false);
  });

  it.each(HOSTILE)('neutralises %s', (input) => {
    assertInert(sanitizeRichText(input));
  });

  it('keeps the structure an article needs', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> text.</p><ul><li>one</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps safe links and opens them outside the app', () => {
    expect(sanitizeRichText('<a href="https://tidemark.example/x">x</a>')).toBe(
      '<a href="https://tidemark.example/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="/documentDetail/fee_schedule">fees</a>')).toContain(
      'href="/documentDetail/fee_schedule"',
    );
  });

  it('keeps https images but drops data: and javascript: images', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/a.png" alt="a">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('closes unclosed tags', () => {
    expect(sanitizeRichText('<p><b>bold')).toBe('<p><b>bold</b></p>');
  });

  it('stays inert for any mix of hostile fragments (property)', () => {
    const fragment = fc.constantFrom(
      ...HOSTILE,
      '<p>',
      '</p>',
      '"',
      "'",
      '<',
      '>',
      '=',
      'javascript:',
      ' onload=',
      'text',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        assertInert(sanitizeRichText(parts.join('')));
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent', () => {
    for (const input of HOSTILE) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('plainText', () => {
  it('removes tags, also ones hidden as entities', () => {
    expect(plainText('<b>bold</b> text')).toBe('bold text');
    expect(plainText('<img src=x onerror=alert(1)>hello')).toBe('hello');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;ok')).toBe('ok');
  });

  it('keeps ordinary punctuation readable', () => {
    expect(plainText('price < 5 & amount > 2')).toBe('price < 5 & amount > 2');
    expect(plainText('It\'s "fine"')).toBe('It\'s "fine"');
  });

  it('never leaves something a browser would parse as a tag (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...HOSTILE, '<', 'a', '&lt;', '&gt;', '/', 'script', '>', ' '), { maxLength: 10 }),
        (parts) => {
          expect(plainText(parts.join(''))).not.toMatch(/<[A-Za-z!/?]/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('isSafeUrl', () => {
  it('accepts http(s) and site paths only', () => {
    expect(isSafeUrl('https://cdn.example/banner.png')).toBe(true);
    expect(isSafeUrl('/announcementDetail/3')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/x',
      '/\\evil.example',
      'ftp://x',
      'https://x/"onload=1',
    ]) {
      expect(isSafeUrl(bad)).toBe(false);
    }
  });
});
