import { carriesTextRule } from '@tidemark/contract/text';
import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../testing/test-server.ts';
import { checkKinds, schemaLeaves } from '../testing/schema-walk.ts';

/**
 * Every request schema of every registered route, walked leaf by leaf. A string must carry the
 * shared text rule (no control characters, a maximum length) and a number explicit bounds, so that
 * no value a database column cannot hold reaches a query. A new route written with a bare
 * `z.string()` or an unbounded `z.number()` fails here, naming the route and the field.
 */
const server = serverForSuite();

/** Leaves that accept anything are never right in a request: say what they are instead. */
const OPEN_TYPES = new Set(['any', 'unknown', 'custom', 'file']);

describe('request schemas', () => {
  it('registers the routes it walks', () => {
    expect(server.built.routes.length).toBeGreaterThan(100);
  });

  it('builds every string with the shared text rule and bounds every number', () => {
    const problems: string[] = [];
    for (const route of server.built.routes) {
      for (const [part, schema] of Object.entries(route.schemas)) {
        if (!schema) continue;
        for (const leaf of schemaLeaves(schema, part)) {
          const where = `${route.method} ${route.url} ${leaf.path}`;
          if (leaf.type === 'string' && !carriesTextRule(leaf.schema)) {
            problems.push(`${where}: a string without the shared text rule (use text() from @tidemark/contract)`);
          }
          if (leaf.type === 'number') {
            const kinds = checkKinds(leaf.schema);
            if (!kinds.includes('greater_than') || !kinds.includes('less_than')) {
              problems.push(`${where}: a number without both a minimum and a maximum`);
            }
          }
          if (OPEN_TYPES.has(leaf.type)) problems.push(`${where}: accepts any value (${leaf.type})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
