import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { firstSegment, needsLaterRoutes, splitForStart } from './start-routes.ts';
import { mergeRoutes } from './merge-routes.ts';
import { featureRoutes } from './routes.ts';

const routes = [...mergeRoutes(featureRoutes, async () => ({ default: () => null })), { path: '*' }];

describe('routes at start', () => {
  it('reads the first segment without regard to case', () => {
    expect(firstSegment('/coinDetail/1')).toBe('coindetail');
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/Home')).toBe('home');
  });

  it('keeps only the routes of the opened first segment, and the catch-all', () => {
    const { now, later } = splitForStart(routes, '/coinDetail/1');
    expect(now.map((r) => r.path)).toEqual(['/coinDetail/:coinType', '*']);
    expect(now.length + later.length).toBe(routes.length);
    expect(splitForStart(routes, '/mine/alerts').now.map((r) => r.path)).toContain('/mine');
    expect(splitForStart(routes, '/nowhere').now.map((r) => r.path)).toEqual(['*']);
  });

  it('leaves out no route that could match the opened path', () => {
    for (const opened of ['/home', '/HOME', '/trade', '/coinDetail/7', '/mine/helpCenter/3', '/cycle/order/9', '/']) {
      const { later } = splitForStart(routes, opened);
      for (const r of later) expect(matchPath(r.path, opened), `${r.path} for ${opened}`).toBeNull();
    }
  });

  it('asks for the rest only on a move to another first segment', () => {
    expect(needsLaterRoutes('/coinDetail/1', '/coinDetail/2')).toBe(false);
    expect(needsLaterRoutes('/home', '/market')).toBe(true);
    expect(needsLaterRoutes('/', '/home')).toBe(true);
  });
});
