import sanitizeHtml from 'sanitize-html';

/** The elements an article may use: structure, emphasis, lists, tables, links and images. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'span',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
] as const;

/**
 * The only HTML that reaches a user is what this allow-list lets through: structure and emphasis,
 * links and images over http(s) or site-relative paths. No scripts, no event handlers, no style, no
 * svg/math, no data: or javascript: URLs. Runs on WRITE, so stored bodies are already safe.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // the text inside these is dropped too, not just the tags
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'template',
    'iframe',
    'object',
    'embed',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'head',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // links open outside the app and cannot reach back into it
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};
RICH_TEXT.allowedAttributes = { ...RICH_TEXT.allowedAttributes, a: ['href', 'title', 'target', 'rel'] };

/** Sanitizes operator-written rich text (notices, documents, articles). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/**
 * Plain text (titles, ticket and chat messages): every tag is removed, including tags that were
 * written as entities (`&lt;script&gt;`), repeating until nothing changes. What is left is text
 * that stays harmless even if a client were to render it as HTML. Control characters go too.
 */
export function plainText(input: string): string {
  // control characters never belong in displayed text
  // eslint-disable-next-line no-control-regex
  let text = input.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  for (let i = 0; i < 5; i++) {
    const stripped = sanitizeHtml(text, {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: RICH_TEXT.nonTextTags!,
    }).replace(/&(lt|gt|amp|quot|nbsp|#39|#x27);/g, (m) => ENTITIES[m] ?? m);
    if (stripped === text) break;
    text = stripped;
  }
  // a lone "<" followed by a letter could start a tag in a careless client; keep it readable but inert
  return text.replace(/<(?=[A-Za-z!/?])/g, '< ').trim();
}

/** The text of a sanitized body, for search. */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(lt|gt|amp|quot|nbsp|#39|#x27);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A URL an operator may give for a banner image or link: http(s) or a path on this site. */
export function isSafeUrl(url: string): boolean {
  if (/^\/(?![/\\])/.test(url)) return !/[\s<>"'`]/.test(url);
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !/[\s<>"'`]/.test(url);
  } catch {
    return false;
  }
}
