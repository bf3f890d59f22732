import type { z } from 'zod';

/** A leaf of a request schema: the schema and where it sits ("body.items[].price"). */
export interface SchemaLeaf {
  path: string;
  schema: z.ZodType;
  type: string;
}

type Def = Record<string, any> & { type: string };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every leaf a client can fill in a zod request schema, through objects, arrays, unions, records,
 * optional/default wrappers and pipes. A pipe is validated by its input side (its output side only
 * sees what the input side already accepted), except a preprocess, whose output side validates.
 */
export function schemaLeaves(schema: z.ZodType, path: string): SchemaLeaf[] {
  const out: SchemaLeaf[] = [];
  const ancestors = new Set<z.ZodType>();
  const walk = (s: z.ZodType, p: string): void => {
    if (ancestors.has(s)) return; // a recursive (lazy) schema: its leaves were met on the way down
    ancestors.add(s);
    visit(s, p);
    ancestors.delete(s);
  };
  const visit = (s: z.ZodType, p: string): void => {
    const def = defOf(s);
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, `${p}.${key}`);
        if (def.catchall && defOf(def.catchall).type !== 'never') walk(def.catchall, `${p}.*`);
        return;
      case 'array':
        return walk(def.element, `${p}[]`);
      case 'set':
        return walk(def.valueType, `${p}[]`);
      case 'tuple':
        (def.items as z.ZodType[]).forEach((item, i) => walk(item, `${p}[${i}]`));
        if (def.rest) walk(def.rest, `${p}[]`);
        return;
      case 'record':
      case 'map':
        walk(def.keyType, `${p}{key}`);
        return walk(def.valueType, `${p}{}`);
      case 'union':
        (def.options as z.ZodType[]).forEach((o) => walk(o, p));
        return;
      case 'intersection':
        walk(def.left, p);
        return walk(def.right, p);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
      case 'success':
        return walk(def.innerType, p);
      case 'lazy':
        return walk(def.getter(), p);
      case 'pipe':
        return walk(defOf(def.in).type === 'transform' ? def.out : def.in, p);
      default:
        out.push({ path: p, schema: s, type: def.type });
    }
  };
  walk(schema, path);
  return out;
}

/** The checks zod keeps on a leaf (min/max, formats, refinements), by their kind. */
export function checkKinds(schema: z.ZodType): string[] {
  return ((defOf(schema).checks ?? []) as { _zod: { def: { check: string } } }[]).map((c) => c._zod.def.check);
}
