// Jest's global set-up: when neither DATABASE_URL nor AMQP_URL is set and a Docker engine answers,
// the tests get a real PostgreSQL and RabbitMQ from testcontainers; without an engine they run on
// the embedded PGlite and the in-process bus. CI sets both URLs, so nothing is started there.
import type { StartedTestContainer } from 'testcontainers';

const started: StartedTestContainer[] = [];

export default async function startContainers(): Promise<void> {
  if (process.env.DATABASE_URL || process.env.AMQP_URL || process.env.TESTCONTAINERS === '0') return;
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return; // no container runtime: the embedded defaults it is
  }
  const postgres = await new GenericContainer('postgres:17')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const rabbitmq = await new GenericContainer('rabbitmq:3.13')
    .withExposedPorts(5672)
    .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
    .start();
  started.push(postgres, rabbitmq);
  // Jest starts its workers after this set-up, and they inherit these.
  process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
  process.env.AMQP_URL = `amqp://guest:guest@${rabbitmq.getHost()}:${rabbitmq.getMappedPort(5672)}`;
  (globalThis as { stopTestContainers?: () => Promise<void> }).stopTestContainers = async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
}
