// nginx in front of every deployable's instances on this machine, as an Ingress and a Service are in
// a cluster: deploy/nginx.conf in front of the gateways (HTTP), and a loopback listener per service
// relaying TCP connections to its instances (nginx's stream module, as a Service's virtual address
// does), where the gateways and the other services reach it. An instance leaves its upstream before
// it stops and comes back once its /readyz says it is ready (`rollOut`): nginx, reloaded, sends it no
// new request or connection, while the connections already relayed to a service's instance stay
// until their caller closes them, which the instance's graceful stop leaves to the caller. Between
// releases nginx's passive health check passes over an instance that fails.
import { setTimeout as sleep } from 'node:timers/promises';
import { startNginx, upstreamServers, type NginxOptions } from './nginx.js';

export interface BalancedDeployable {
  /** Where nginx listens for it: the gateways' is the platform's address. */
  port: number;
  /** Each instance's address, `http://127.0.0.1:<port>`. */
  instances: string[];
}

export interface BalancerOptions {
  workDir: string;
  gateway: BalancedDeployable;
  services: Record<string, BalancedDeployable>;
  /** Media's folder, for deploy/nginx.conf's `/media-files/` (unused while media keeps its files in S3). */
  mediaFilesDir: string;
}

export interface Balancer {
  /** The platform's address: nginx in front of the gateways. */
  url: string;
  /** Each service's address behind its listener, by name. */
  serviceUrls: Record<string, string>;
  /**
   * Restarts each instance of a deployable in turn with `restart`, which resolves once the instance
   * listens again on the same address: the instance leaves its upstream first and comes back once
   * ready, so the others take every request meanwhile.
   */
  rollOut(deployable: string, restart: (instance: number) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** How long an instance may take to say it is ready after a restart. */
const readyWithinMs = 120_000;

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const down: string[] = [];
  const configuration = (): NginxOptions => ({
    workDir: options.workDir,
    port: options.gateway.port,
    inFrontOf: { gatewayUrls: options.gateway.instances, down, mediaFilesDir: options.mediaFilesDir },
    streams: Object.entries(options.services)
      .map(([name, service]) => serviceListener(name, service, down))
      .join('\n  '),
  });
  const nginx = await startNginx(configuration());
  const deployables: Record<string, BalancedDeployable> = { gateway: options.gateway, ...options.services };

  return {
    url: nginx.url,
    serviceUrls: Object.fromEntries(Object.entries(options.services).map(([name, { port }]) => [name, `http://127.0.0.1:${port}`])),
    async rollOut(deployable, restart) {
      const { instances } = deployables[deployable] ?? {};
      if (!instances) throw new Error(`No deployable named ${deployable} is balanced here`);
      for (const [index, instance] of instances.entries()) {
        down.push(instance);
        await nginx.reload(configuration());
        try {
          await restart(index);
          await whenReady(instance);
        } finally {
          down.splice(down.indexOf(instance), 1);
          await nginx.reload(configuration());
        }
      }
    },
    stop: () => nginx.stop(),
  };
}

/**
 * A service's listener: each connection relayed whole to one instance, so the caller's requests on it
 * go to that instance until the caller closes it; a new connection goes to the next instance that takes it.
 */
function serviceListener(name: string, { port, instances }: BalancedDeployable, down: string[]): string {
  return `upstream ${name} {
    ${upstreamServers(instances, down)}
  }
  server {
    listen 127.0.0.1:${port};
    proxy_pass ${name};
    proxy_connect_timeout 1s;
  }`;
}

/** An instance's /readyz answering 200: its database answers and it is not stopping (the gateway's: every service too). */
export async function whenReady(instance: string): Promise<void> {
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${instance}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`${instance} did not become ready within ${readyWithinMs / 1000} s`);
}
