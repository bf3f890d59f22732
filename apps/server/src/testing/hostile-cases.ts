/**
 * Hostile request bodies for one route, generated from the JSON schema the OpenAPI document gives
 * for its body: malformed JSON, the wrong shape, and for each field the values an attacker tries
 * first (NUL and control characters, lone surrogates, huge strings, exponents, 30-digit numbers,
 * negative and zero amounts, arrays for objects, deep nesting). Every case is a raw body text, so
 * that values JSON.stringify cannot write (1e308, a 30-digit literal, "\ud800") reach the server
 * exactly as an attacker would send them.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  additionalProperties?: boolean | JsonSchema;
}

export interface HostileCase {
  name: string;
  body: string;
  /** Always sent, whatever the sampling (NUL and control characters in every string field). */
  always?: boolean;
}

/** A value written into the body text verbatim. */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function encode(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(encode).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The schemas a value may match (unions and intersections flattened), and its JSON types. */
function variants(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  if (list) return list.flatMap(variants);
  return [schema];
}
function typesOf(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  for (const v of variants(schema)) {
    const t = v.type ?? (v.properties ? 'object' : v.items ? 'array' : undefined);
    if (Array.isArray(t)) t.forEach((x) => out.add(x));
    else if (t) out.add(t);
    for (const a of v.allOf ?? []) typesOf(a).forEach((x) => out.add(x));
  }
  return out;
}

/**
 * A plausible value for a field, so that the hostile value in one field is what the server judges.
 * Numbers are large and unlikely ids, so that a case can never name a real row by chance.
 */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  const v = variants(schema)[0] ?? {};
  if (v.const !== undefined) return v.const;
  if (v.enum?.length) return v.enum[0];
  if (v.default !== undefined) return v.default;
  const types = typesOf(v);
  if (types.has('object') || v.properties) {
    const out: Record<string, unknown> = {};
    if (depth < 4) for (const [k, p] of Object.entries(v.properties ?? {})) out[k] = plausible(p, depth + 1);
    return out;
  }
  if (types.has('array')) return [];
  if (types.has('boolean')) return false;
  if (types.has('integer') || types.has('number')) {
    const min = typeof v.minimum === 'number' ? v.minimum : 0;
    const max = typeof v.maximum === 'number' ? v.maximum : Number.MAX_SAFE_INTEGER;
    return Math.min(max, Math.max(min, 987_654_321));
  }
  if (types.has('null')) return null;
  return 'abcdefgh';
}

interface Leaf {
  path: string[];
  schema: JsonSchema;
}

/** The fillable fields of a body schema, nested objects included (arrays by their first element). */
function leaves(schema: JsonSchema, path: string[] = [], depth = 0): Leaf[] {
  const props = variants(schema).find((v) => v.properties)?.properties;
  if (!props || depth > 3) return path.length ? [{ path, schema }] : [];
  const out: Leaf[] = [];
  for (const [k, p] of Object.entries(props)) {
    const nested = variants(p).some((v) => v.properties);
    if (nested) out.push({ path: [...path, k], schema: p }, ...leaves(p, [...path, k], depth + 1));
    else out.push({ path: [...path, k], schema: p });
  }
  return out;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  obj[path[0]!] = withValue(obj[path[0]!], path.slice(1), value);
  return obj;
}

const nested = (depth: number) => new Raw('['.repeat(depth) + ']'.repeat(depth));

/** Values every string field must refuse cleanly. */
const STRING_ATTACKS: [string, unknown, boolean?][] = [
  ['NUL and control characters', 'a\u0000@x.com\u001b[2J\u0007', true],
  ['control characters', '\u001b[2J\u0007\u0008x'],
  ['lone surrogate', new Raw('"a\\ud800b"')],
  ['100,000 characters', 'x'.repeat(100_000)],
  ['zero-width and bidi', 'ab\u200b\u202ecd'],
  ['a number', 12345],
  ['an array', ['a']],
  ['an object', { a: 1 }],
  ['null', null],
  ['exponent text', '1e5'],
  ['negative text', '-1'],
  ['zero text', '0'],
  ['30 digits text', '123456789012345678901234567890'],
  ['28 decimals text', '0.0000000000000000000000000001'],
  ['deep nesting', nested(5_000)],
];
const NUMBER_ATTACKS: [string, unknown][] = [
  ['1e308', new Raw('1e308')],
  ['1e400', new Raw('1e400')],
  ['1e-30', new Raw('1e-30')],
  ['30 digits', new Raw('123456789012345678901234567890')],
  ['negative', -1],
  ['zero', 0],
  ['minus zero', new Raw('-0')],
  ['fraction', 1.5],
  ['beyond safe integers', new Raw('9007199254740993')],
  ['a string', '1'],
  ['NUL string', '1\u0000'],
  ['a boolean', true],
  ['an array', [1]],
  ['an object', { a: 1 }],
];
const OTHER_ATTACKS: [string, unknown][] = [
  ['NUL string', 'a\u0000b'],
  ['a number', new Raw('1e308')],
  ['an array where a value is expected', [[[]]]],
  ['an object', { '\u0000': 1 }],
  ['null', null],
  ['10,000-element array', new Raw(`[${Array(10_000).fill('"a"').join(',')}]`)],
  ['deep nesting', nested(5_000)],
];

/** All cases for a body schema (undefined: the route declares no body). */
export function hostileCases(schema: JsonSchema | undefined): HostileCase[] {
  const cases: HostileCase[] = [
    { name: 'malformed JSON', body: '{"a":' },
    { name: 'an array body', body: '[]' },
    { name: 'a string body', body: '"text"' },
    { name: 'a null body', body: 'null' },
    { name: 'a 30-digit number body', body: '123456789012345678901234567890' },
    { name: 'a deeply nested body', body: encode(nested(100_000)) },
    { name: 'a NUL key', body: '{"\\u0000":"\\u0000"}' },
    { name: 'a body over the 1 MB limit', body: encode({ a: 'x'.repeat(1024 * 1024 + 1) }) },
  ];
  if (!schema) return cases;
  const base = plausible(schema);
  cases.push({ name: 'missing fields', body: '{}' });
  for (const leaf of leaves(schema)) {
    const field = leaf.path.join('.');
    const types = typesOf(leaf.schema);
    const attacks: [string, unknown, boolean?][] = types.has('string')
      ? STRING_ATTACKS
      : types.has('integer') || types.has('number')
        ? NUMBER_ATTACKS
        : OTHER_ATTACKS;
    for (const [name, value, always] of attacks) {
      cases.push({
        name: `${field}: ${name}`,
        body: encode(withValue(base, leaf.path, value)),
        ...(always ? { always } : {}),
      });
    }
    if (types.has('object')) {
      cases.push({
        name: `${field}: an array where an object is expected`,
        body: encode(withValue(base, leaf.path, [{}])),
      });
    }
  }
  return cases;
}

/** A small deterministic PRNG (mulberry32), so a failing sample is reproduced by its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `always` cases plus `count` others drawn without replacement (all of them when count is Infinity). */
export function sampleCases(cases: HostileCase[], count: number, random: () => number): HostileCase[] {
  const always = cases.filter((c) => c.always);
  const rest = cases.filter((c) => !c.always);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...always, ...rest.slice(0, count)];
}
