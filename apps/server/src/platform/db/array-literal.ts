/**
 * A PostgreSQL array literal (`{1,2,NULL}`) for an array parameter. Strings, numbers, bigints, booleans, nulls
 * and nested arrays are written here; any other element is written as `other(element)` gives it, or — without
 * `other` — the whole array is left to the caller (null).
 *
 * Why: the group commit sends its rows as arrays (one `unnest` per column), thousands of elements per group.
 * The pg driver quotes and escapes every element with two regular-expression replacements; most of ours are
 * digits, ISO timestamps and short codes that need neither. An element that does (empty, spaces, quotes,
 * backslashes, commas, braces, or the word NULL) is quoted and escaped as the driver does, so the server reads
 * the same values.
 */
export function arrayLiteral(values: readonly unknown[], other?: (value: unknown) => string | null): string | null {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += isBare(v) ? v : quoted(v);
    else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
    // booleans as the driver writes them
    else if (typeof v === 'boolean') out += v ? 'true' : 'false';
    else if (Array.isArray(v)) {
      const inner = arrayLiteral(v, other);
      if (inner === null) return null;
      out += inner;
    } else if (other) {
      const text = other(v);
      out += text === null ? 'NULL' : quoted(text);
    } else return null;
  }
  return out + '}';
}

/** Letters, digits and `_ . : + -` only, and not the word NULL in any case: safe without quotes. */
function isBare(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 58) || // 0-9 :
      (c >= 65 && c <= 90) || // A-Z
      (c >= 97 && c <= 122) || // a-z
      c === 95 || // _
      c === 46 || // .
      c === 43 || // +
      c === 45; // -
    if (!ok) return false;
  }
  return !(s.length === 4 && s.toLowerCase() === 'null');
}

function quoted(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
