// The administrator's paged request list and the Monster plan list under load, through the gateway,
// on a catalog the size of a busy season (bench/catalog-behind-proxies.ts). Goal: p99 under 50 ms at
// 100 concurrent connections.
// Beside the gateway, in the same run: nginx in front of the same catalog (the reference any proxy
// hop is measured against; goal: the gateway keeps ≥ 20 % of its throughput with a p99 at most 2.5
// times its), and with BENCH_GATEWAY_BEFORE=<git ref> the gateway as it was at that ref.
// Needs DATABASE_URL, h2load and nginx. Each gateway's CPU time per call is given too: on a shared
// machine it moves far less than req/s. BENCH_CPU_PROF=<folder> has each server write a V8 CPU
// profile there when it stops (see bench/processes.ts; bench/profile.ts says where the time went).
import { openPayload, payloadKey } from '@learning/contracts';
import { figures, payloadSecret, shareOfHop, startCatalogBehindProxies } from '../catalog-behind-proxies.js';
import { load, type LoadFigures } from '../load.js';
import { benchAdmin } from '../processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** The administrator pages through the newest requests: each client asks the first pagesBrowsed in turn. */
const pagesBrowsed = 100;

const platform = await startCatalogBehindProxies({ bench: 'bench/catalog', withAuth: true });
const { urls, gateway, before } = platform;
try {
  console.log(platform.seeded);
  const token = await adminToken();

  const asAdministrator = { authorization: `Bearer ${token}` };
  const pages = Array.from({ length: pagesBrowsed }, (_, index) => `/v1/lesson-requests?perPage=10&currentPage=${index + 1}`);
  const targets = [
    { title: `GET /v1/lesson-requests?perPage=10&currentPage=1…${pagesBrowsed} (administrator)`, paths: pages, headers: asAdministrator },
    { title: 'GET /v1/monsterplans (guest)', paths: ['/v1/monsterplans'], headers: {} },
    { title: 'GET /v1/lesson-requests/total-new-requests (administrator)', paths: ['/v1/lesson-requests/total-new-requests'], headers: asAdministrator },
  ];

  console.log(`${connections} connections, ${seconds} s each after 2 s of warm-up; through the gateway (payloads encrypted), through nginx (the reference hop) and straight at the catalog`);
  for (const { title, paths, headers } of targets) {
    const at = (base: string, cpuOf?: number) => load({ urls: paths.map((path) => base + path), headers, connections, seconds, cpuOf });
    const viaGateway = await at(urls.gateway, gateway.pid);
    const viaNginx = await at(urls.nginx);
    const viaGatewayBefore = before ? await at(urls.gatewayBefore!, before.gateway.pid) : undefined;
    const direct = await at(urls.catalog);
    console.log(title);
    console.log(`  gateway  ${figures(viaGateway)}  ${againstHop(viaGateway, viaNginx)}  (p99 < 50 ms: ${viaGateway.p99 < 50 ? 'met' : 'missed'})`);
    if (viaGatewayBefore) console.log(`  before   ${figures(viaGatewayBefore)}  ${againstHop(viaGatewayBefore, viaNginx)}  (the gateway at ${before!.ref})`);
    console.log(`  nginx    ${figures(viaNginx)}`);
    console.log(`  direct   ${figures(direct)}`);
  }
} finally {
  await platform.stop();
}

/** Goal of a proxy hop of ours: ≥ 20 % of nginx's throughput, with a p99 at most 2.5 times nginx's. */
function againstHop(proxy: LoadFigures, hop: LoadFigures): string {
  const share = proxy.requestsPerSecond / hop.requestsPerSecond;
  const slower = proxy.p99 / hop.p99;
  const verdict = share >= 0.2 && slower <= 2.5 ? 'met' : 'missed';
  return `= ${shareOfHop(proxy, hop)}, p99 ${slower.toFixed(1)}× (goal ≥ 20 %, ≤ 2.5×: ${verdict})`;
}

async function adminToken(): Promise<string> {
  const key = await payloadKey(payloadSecret);
  const response = await fetch(`${urls.gateway}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  const { payload } = (await response.json()) as { payload: string };
  return JSON.parse(await openPayload(key, payload)).token;
}
