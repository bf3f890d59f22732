/**
 * A small bar chart drawn as SVG: one bar per label. Values arrive as decimal strings and are only
 * scaled for drawing here (a bar's height need not be exact; the figure printed beside it is).
 */
export function BarChart({ bars, height = 160 }: { bars: { label: string; value: string }[]; height?: number }) {
  const nums = bars.map((b) => Number(b.value));
  const max = Math.max(...nums.map((n) => Math.abs(n)), 1e-12);
  const w = 48;
  return (
    <svg
      width="100%"
      viewBox={`0 0 ${Math.max(bars.length, 1) * w} ${height + 36}`}
      role="img"
      preserveAspectRatio="xMinYMin meet"
      style={{ maxHeight: height + 36 }}
    >
      {bars.map((b, i) => {
        const h = Math.max(1, (Math.abs(nums[i]!) / max) * height);
        return (
          <g key={b.label} transform={`translate(${i * w},0)`}>
            <title>{`${b.label}: ${b.value}`}</title>
            <rect
              x={8}
              y={height - h + 14}
              width={w - 16}
              height={h}
              fill={nums[i]! < 0 ? '#ff4d4f' : '#1652f0'}
              rx={3}
            />
            <text x={w / 2} y={height - h + 10} fontSize={9} textAnchor="middle">
              {b.value}
            </text>
            <text x={w / 2} y={height + 30} fontSize={9} textAnchor="middle" fill="#888">
              {b.label.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
