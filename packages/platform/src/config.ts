// The run-time configuration the gateway serves at /config.json (never baked into a build), so one
// build runs against any gateway: the payload secret of the wire contract, and how long and how much
// a learner's browser keeps of the days downloaded for offline listening.

export interface RuntimeConfig {
  /** Secret of the payload encryption (DESIGN.md); null when the gateway does not encrypt. */
  payloadSecret: string | null;
  /** Days downloaded for offline listening are removed after `days`; past `budgetMb` the page warns first. */
  offline: { days: number; budgetMb: number };
}

/** The gateway's defaults, for a gateway that does not say (OFFLINE_DAYS, OFFLINE_BUDGET_MB). */
export const defaultOffline = { days: 14, budgetMb: 500 } as const;

export const runtimeConfigUrl = '/config.json';

let pending: Promise<RuntimeConfig> | null = null;

/** Fetches /config.json once per page; a failed fetch is not remembered, so the next call tries again. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetchRuntimeConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Sets the configuration directly (tests, a standalone remote without a gateway). */
export function setRuntimeConfig(config: (Pick<RuntimeConfig, 'payloadSecret'> & Partial<RuntimeConfig>) | null): void {
  pending = config ? Promise.resolve({ offline: defaultOffline, ...config }) : null;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  // Revalidated by the gateway's Cache-Control: no-cache; the shell's index.html preloads it.
  const response = await fetch(runtimeConfigUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${runtimeConfigUrl} answered ${response.status}`);
  const body = (await response.json()) as { payloadSecret?: unknown; offline?: { days?: unknown; budgetMb?: unknown } };
  return {
    payloadSecret: typeof body.payloadSecret === 'string' && body.payloadSecret ? body.payloadSecret : null,
    offline: { days: positive(body.offline?.days) ?? defaultOffline.days, budgetMb: positive(body.offline?.budgetMb) ?? defaultOffline.budgetMb },
  };
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
