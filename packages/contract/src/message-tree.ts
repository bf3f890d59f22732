/** A locale file as i18next reads it: nested objects whose leaves are the strings. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * Every string of a locale file under its dotted key ("app.language" → "Language"), the form in which
 * the web and console locale tests compare a locale with en_us.
 */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [k2, v2] of flattenMessages(v, key)) out.set(k2, v2);
  }
  return out;
}
