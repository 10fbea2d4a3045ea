import { useId, type ReactNode } from "react";
import styles from "./AssetStatsPanel.module.css";

// Fixed sample series (the spec's chart is placeholder art, not market data).
const SAMPLE_POINTS = [38, 42, 40, 47, 45, 52, 50, 58, 55, 61, 57, 66, 63, 70, 68, 76, 72, 80];
const WIDTH = 320;
const HEIGHT = 120;
const PADDING = 8;

function toPath(points: readonly number[]): string {
  const max = Math.max(...points);
  const min = Math.min(...points);
  const stepX = (WIDTH - PADDING * 2) / (points.length - 1);
  return points
    .map((value, index) => {
      const x = PADDING + index * stepX;
      const y = HEIGHT - PADDING - ((value - min) / (max - min)) * (HEIGHT - PADDING * 2);
      return `${index === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(" ");
}

const LINE = toPath(SAMPLE_POINTS);
const AREA = `${LINE} L${WIDTH - PADDING} ${HEIGHT} L${PADDING} ${HEIGHT} Z`;

/** A static inline chart: sample data, drawn once, described as such to assistive technology. */
export function PriceChart(): ReactNode {
  const gradientId = useId();
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label="POO price chart (sample data)"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#27a85d" stopOpacity="0.45" />
          <stop offset="100%" stopColor="#27a85d" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line
          key={f}
          x1={0}
          x2={WIDTH}
          y1={HEIGHT * f}
          y2={HEIGHT * f}
          stroke="#24352b"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      <path d={AREA} fill={`url(#${gradientId})`} />
      <path
        d={LINE}
        fill="none"
        stroke="#27a85d"
        strokeWidth={2.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
