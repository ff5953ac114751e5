// A RabbitMQ of one's own for tests that need a broker on which nothing was ever declared.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import amqp from 'amqplib';

/**
 * A virtual host of its own on the test broker: a broker on which no exchange or queue exists yet.
 * Made with rabbitmqctl, so only where the broker runs on this machine; undefined elsewhere (a
 * broker in a container), or when the new host cannot be reached at `url`.
 */
export async function freshVhost(url: string): Promise<{ url: string; remove(): Promise<void> } | undefined> {
  const vhost = `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const remove = async () => {
    await rabbitmqctl('delete_vhost', vhost);
  };
  try {
    await rabbitmqctl('add_vhost', vhost);
  } catch {
    return undefined;
  }
  const vhostUrl = new URL(url);
  vhostUrl.pathname = `/${vhost}`;
  try {
    await rabbitmqctl('set_permissions', '-p', vhost, decodeURIComponent(vhostUrl.username) || 'guest', '.*', '.*', '.*');
    await (await amqp.connect(vhostUrl.href)).close();
  } catch {
    await remove().catch(() => undefined);
    return undefined;
  }
  return { url: vhostUrl.href, remove };
}

function rabbitmqctl(...args: string[]) {
  return promisify(execFile)('rabbitmqctl', args, { timeout: 30_000 });
}
