// Liveness and readiness of the gateway. Alive means the process answers; ready means every service
// behind it answers its own /readyz within a second, so an orchestrator can hold traffic until then.
import type { RequestHandler } from 'express';
import { serviceNames, type ServiceName } from './routing.js';

export const readinessTimeoutMs = 1000;

export type ServiceReadiness = 'ready' | 'unavailable';

export interface Readiness {
  status: ServiceReadiness;
  services: Record<ServiceName, ServiceReadiness>;
}

export const answerAlive: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

export function answerReadiness(services: Record<ServiceName, string>, isStopping: () => boolean = () => false): RequestHandler {
  return async (_req, res) => {
    // Stopping, whatever the services say: a load balancer sends the next requests elsewhere.
    if (isStopping()) {
      res.status(503).json({ status: 'unavailable' });
      return;
    }
    const readiness = await checkReadiness(services);
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  };
}

export async function checkReadiness(services: Record<ServiceName, string>): Promise<Readiness> {
  const answers = await Promise.all(serviceNames.map((name) => isServiceReady(services[name])));
  const byService = Object.fromEntries(serviceNames.map((name, index) => [name, answers[index] ? 'ready' : 'unavailable'])) as Record<
    ServiceName,
    ServiceReadiness
  >;
  return { status: answers.every(Boolean) ? 'ready' : 'unavailable', services: byService };
}

async function isServiceReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(readinessTimeoutMs) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}
