// Reading a /metrics answer (Prometheus text) the way a scraper does: one sample by name and labels.

/**
 * The value of the first sample named `name` whose labels include `labels`, or undefined when there
 * is none. `name` is the sample's, e.g. `http_request_duration_seconds_count`.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]));
    if (Object.entries(labels).every(([label, value]) => given[label] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every value the label takes among the samples named `name`. */
export function labelValuesOf(text: string, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`[{,]${label}="((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return [...values];
}
