/**
 * The characters no request string may hold (see text.ts for why), free of zod: text.ts builds the
 * schemas' checks from them and the web forms check a field with them before a call.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** What a single-line field refuses on top: the line breaks and tab a multi-line text may hold. */
const LINE_CHARS = /[\t\n\r\u2028\u2029]/;
/** Noncharacters U+FFFE / U+FFFF: never text, only byte-order or sentinel garbage. */
const NONCHARACTERS = /[\uFFFE\uFFFF]/;
/**
 * Characters that render as nothing or change how neighbours render: format characters (zero-width
 * spaces and joiners, bidi overrides and isolates, BOM, soft hyphen…), variation selectors, and the
 * Hangul fillers that render blank. An identifier holding one looks like another identifier.
 */
// (combining marks stand alone in the alternation: inside a class they would join their neighbour)
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/u;

/** True when `value` holds a character no field accepts (multi-line text may hold tab and line breaks). */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (
    CONTROL_CHARS.test(value) ||
    NONCHARACTERS.test(value) ||
    (!multiline && LINE_CHARS.test(value)) ||
    // a lone surrogate cannot be stored as UTF-8: the database would get a replacement character
    !value.isWellFormed()
  );
}

/** True when `value` holds a character that renders as nothing (see INVISIBLE). */
export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}
