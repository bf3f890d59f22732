/**
 * The geometry of the small price line chart. Prices are decimal strings; turning them into
 * numbers here only places pixels on a screen (no amount is computed from them).
 */
export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartGeometry {
  points: ChartPoint[];
  path: string;
  min: string | null;
  max: string | null;
}

export function chartGeometry(
  ticks: ReadonlyArray<{ ts: number; price: string }>,
  width: number,
  height: number,
  pad = 6,
): ChartGeometry {
  if (ticks.length === 0) return { points: [], path: '', min: null, max: null };
  const values = ticks.map((t) => Number(t.price));
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const minTick = ticks[values.indexOf(lo)]!.price;
  const maxTick = ticks[values.indexOf(hi)]!.price;
  if (hi === lo) {
    hi += 1;
    lo -= 1;
  }
  const t0 = ticks[0]!.ts;
  const span = Math.max(1, ticks[ticks.length - 1]!.ts - t0);
  const points = ticks.map((t, i) => ({
    x: pad + ((t.ts - t0) / span) * (width - 2 * pad),
    y: pad + (1 - (values[i]! - lo) / (hi - lo)) * (height - 2 * pad),
  }));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
  return { points, path, min: minTick, max: maxTick };
}
