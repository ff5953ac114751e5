// The latency figures the load benchmarks print: percentiles of the calls of one kind, and the rate
// they came at.

export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function percentile(ordered: readonly number[], share: number): number {
  return ordered.length === 0 ? NaN : ordered[Math.min(ordered.length - 1, Math.floor(ordered.length * share))]!;
}

/** `n … p50 … p95 … p99 … max …` in ms, or '—' for no calls. */
export function figuresOf(latencies: readonly number[]): string {
  if (latencies.length === 0) return '—';
  const ordered = sorted(latencies);
  const at = (share: number) => percentile(ordered, share).toFixed(1).padStart(6);
  return `n ${String(ordered.length).padStart(6)}  p50 ${at(0.5)}  p95 ${at(0.95)}  p99 ${at(0.99)}  max ${ordered.at(-1)!.toFixed(0).padStart(5)}`;
}

/** Calls that ended at `endings` (ms since the epoch): how many, per second over their span, and in the busiest second. */
export function rateOf(endings: readonly number[]): { calls: number; perSecond: number; spanSeconds: number; busiest: number } | undefined {
  const ordered = sorted(endings);
  if (ordered.length === 0) return undefined;
  const spanSeconds = (ordered.at(-1)! - ordered[0]!) / 1000;
  const inSecond = new Map<number, number>();
  for (const at of ordered) inSecond.set(Math.floor(at / 1000), (inSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return { calls: ordered.length, perSecond: ordered.length / spanSeconds, spanSeconds, busiest: Math.max(...inSecond.values()) };
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
