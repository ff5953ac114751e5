// Starts the gateway on a port: `main.ts` runs it alone, the all-in-one launcher beside the services.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { listen } from '@learning/kit/http';
import type { Logger } from '@learning/kit/observability';
import { stoppable } from '@learning/kit/service';
import { createGateway } from './app.js';
import type { DatabaseDump } from './database-dump.js';
import { defaultOfflineKeeping, defaultRemoteDir, defaultRemoteUrl, defaultStaticDir, remoteNames, type GatewayConfig } from './config.js';
import type { MediaFilesFolder } from './handed-over-files.js';
import { ServiceAgent } from './service-agent.js';
import { connectSharedLimits } from './shared-limits.js';

export interface RunningGateway {
  url: string;
  /** Takes no new requests and lets those under way finish until `deadline` (cut at once without one). */
  close(deadline?: number): Promise<void>;
}

/**
 * `clientTimeoutMs`: see the kit's `listen`; a test cuts a stalled client sooner. `mediaFiles`: media's
 * folder when media runs beside the gateway, which then sends the files media hands over.
 * `databaseDump`: the embedded database's, when the gateway runs beside it (`npm start` on PGlite).
 */
export async function startGateway(
  config: GatewayConfig,
  logger: Logger,
  { clientTimeoutMs, mediaFiles, databaseDump }: { clientTimeoutMs?: number; mediaFiles?: MediaFilesFolder | undefined; databaseDump?: DatabaseDump | undefined } = {},
): Promise<RunningGateway> {
  const agent = new ServiceAgent();
  const sharedLimits = config.REDIS_URL ? await connectSharedLimits(config.REDIS_URL, logger) : undefined;
  let isStopping = () => false;
  const app = createGateway({
    services: { auth: config.AUTH_URL, catalog: config.CATALOG_URL, media: config.MEDIA_URL, exam: config.EXAM_URL },
    payloadSecret: config.PAYLOAD_SECRET,
    metricsToken: config.METRICS_TOKEN,
    rateLimit: { windowMs: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_AUTH, qpayCallbacks: config.RATE_LIMIT_QPAY_CALLBACK },
    limitStore: sharedLimits?.store,
    trustProxy: config.TRUST_PROXY,
    logoUrl: config.CENTRE_LOGO_URL,
    staticDir: config.STATIC_DIR ?? defaultStaticDir,
    offline: { days: config.OFFLINE_DAYS ?? defaultOfflineKeeping.days, budgetMb: config.OFFLINE_BUDGET_MB ?? defaultOfflineKeeping.budgetMb },
    remotes: Object.fromEntries(
      remoteNames.map((name) => {
        const manifestUrl = config[`REMOTE_${name.toUpperCase()}_URL` as `REMOTE_${Uppercase<typeof name>}_URL`] ?? defaultRemoteUrl(name);
        // A remote served from elsewhere is not served here.
        const dir = config.REMOTES_DIR ? join(config.REMOTES_DIR, name) : defaultRemoteDir(name);
        return [name, { manifestUrl, dir: manifestUrl === defaultRemoteUrl(name) ? dir : undefined }];
      }),
    ),
    logger,
    agent,
    isStopping: () => isStopping(),
    mediaFiles,
    databaseDump,
    internalToken: config.INTERNAL_TOKEN,
  });
  const server = await listen(app, { port: config.PORT, host: config.HOST, clientTimeoutMs });
  const serving = stoppable(server, logger);
  isStopping = serving.isStopping;
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  logger.info({ url, payloadEncryption: Boolean(config.PAYLOAD_SECRET) }, 'gateway listening');

  return {
    url,
    async close(deadline) {
      await serving.stop(deadline);
      agent.destroy();
      await sharedLimits?.close();
    },
  };
}
