// The run-time configuration the gateway serves at /config.json (never baked into a build), so one
// build runs against any gateway: today it carries the payload secret of the wire contract.

export interface RuntimeConfig {
  /** Secret of the payload encryption (DESIGN.md); null when the gateway does not encrypt. */
  payloadSecret: string | null;
}

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
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  pending = config ? Promise.resolve(config) : null;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  // Revalidated by the gateway's Cache-Control: no-cache; the shell's index.html preloads it.
  const response = await fetch(runtimeConfigUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${runtimeConfigUrl} answered ${response.status}`);
  const body = (await response.json()) as Partial<RuntimeConfig>;
  return { payloadSecret: typeof body.payloadSecret === 'string' && body.payloadSecret ? body.payloadSecret : null };
}
