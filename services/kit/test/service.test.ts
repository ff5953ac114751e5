// Running a service: one whose `start` fails leaves nothing behind — its database is closed, and the
// events it recorded are not relayed by an outbox relay nobody will stop.
import { sql } from 'kysely';
import { createInProcessBus, recordEvent, type EventEnvelope } from '../src/events/index.js';
import { runService, type ServiceContext } from '../src/service/index.js';
import { logger } from './bus-fixtures.js';

const config = {
  PORT: 0,
  HOST: '127.0.0.1',
  DATA_DIR: '/nonexistent',
  AUTH_URL: 'http://127.0.0.1:9',
  TOKEN_ISSUER: 'kit-test',
  TOKEN_AUDIENCE: 'kit-test',
};

it('a service whose start throws closes its database and relays nothing it recorded', async () => {
  const bus = createInProcessBus();
  const published: EventEnvelope[] = [];
  await bus.subscribe('kit-test-listener', ['user.registered'], async (event) => {
    published.push(event);
  });
  let context: ServiceContext<unknown> | undefined;
  const failing = runService(
    {
      name: 'failing',
      migrations: {},
      async start(started) {
        context = started;
        await started.transaction((trx) => recordEvent(trx, 'user.registered', { userId: 'u1', email: 'bat@example.mn', name: 'Бат' }));
        throw new Error('the demo could not be seeded');
      },
      routes: () => undefined,
    },
    config,
    { bus, logger, dataDir: null },
  );
  await expect(failing).rejects.toThrow('the demo could not be seeded');
  await expect(sql`select 1`.execute(context!.db)).rejects.toThrow();
  // A relay would have published within its first pass (at once, then every 500 ms).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(published).toEqual([]);
});
