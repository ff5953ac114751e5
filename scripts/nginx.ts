// Debian's nginx on loopback, for the streaming benchmark and the test of the production arrangement
// (deploy/nginx.conf in front of the gateway: it sends the signed streams' bytes, MEDIA_ACCEL_REDIRECT,
// and keeps a signed video URL's grant). Runs in the foreground in a folder of its own, removed by the caller.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RunningNginx {
  url: string;
  /**
   * Writes the configuration again with these options (the same port and folder) and has nginx take
   * it: new workers start with it and the old ones finish what they are sending, then exit.
   */
  reload(options: NginxOptions): Promise<void>;
  stop(): Promise<void>;
}

/** The nginx binary, or undefined when it is not installed (`apt-get install -y nginx`). */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', 'nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0);
}

/** Where deploy/nginx.conf sends the files media hands over: media's MEDIA_ACCEL_REDIRECT in front of it. */
export const mediaFilesLocation = '/media-files/';

export interface NginxOptions {
  workDir: string;
  port: number;
  /** nginx alone: the locations of its one server. */
  locations?: string[];
  /**
   * The production arrangement, deploy/nginx.conf itself: in front of the gateways, sending media's
   * files from its folder. A gateway in `down` gets no requests (it is about to stop).
   */
  inFrontOf?: { gatewayUrls: string[]; down?: string[]; mediaFilesDir: string };
  /**
   * A remote's image, deploy/remote-nginx.conf itself: the remotes' static builds under `htmlDir`
   * (`remotes/<name>/<version>/`), as the image holds them under /usr/share/nginx/html.
   */
  servesRemotes?: { htmlDir: string };
  /** A stream block's upstreams and servers: TCP relayed as it comes, on ports of their own. */
  streams?: string;
}

/** Debian's nginx builds its TCP proxy (stream) as a module of its own, package libnginx-mod-stream. */
const streamModule = '/usr/lib/nginx/modules/ngx_stream_module.so';

/** Starts nginx on `port`, in the foreground, its files in `workDir`. Files are sent with sendfile, as in production. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx');
  const { workDir, port } = options;
  // nginx's workers read the files as another user unless it runs as root; let them.
  await chmod(workDir, 0o755);
  const conf = path.join(workDir, `nginx-${port}.conf`);
  await writeFile(conf, await configuration(options));
  const child = spawn(binary, ['-c', conf, '-p', workDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await whenListening(child, port);
  return {
    url,
    async reload(changed) {
      await writeFile(conf, await configuration({ ...changed, workDir, port }));
      const earlierWorkers = await workersOf(child.pid!);
      // SIGHUP: the master reads the file again, starts workers with it and tells the old ones to
      // finish what they are sending and take nothing new.
      child.kill('SIGHUP');
      await whenReloaded(child, earlierWorkers);
    },
    stop: () => stop(child),
  };
}

async function configuration(options: NginxOptions): Promise<string> {
  const { workDir, port } = options;
  const listen = `listen 127.0.0.1:${port};`;
  const front = options.inFrontOf
    ? await productionServers(options.inFrontOf, listen, `${workDir}/nginx-${port}`)
    : options.servesRemotes
      ? await deployedConfiguration('remote-nginx.conf', [
          ['listen 8080;', listen],
          ['root /usr/share/nginx/html;', `root ${options.servesRemotes.htmlDir};`],
        ])
      : options.locations
      ? `server {
    ${listen}
    ${options.locations.join('\n    ')}
  }`
      : '';
  const loadsStream = options.streams !== undefined && existsSync(streamModule);
  // A remote's image serves scripts, styles and JSON by their types, as the nginx image does.
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
${loadsStream ? `load_module ${streamModule};` : ''}
worker_processes auto;
daemon off;
pid ${workDir}/nginx-${port}.pid;
error_log ${workDir}/nginx-${port}-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_max_body_size 0;
  client_body_temp_path ${workDir}/nginx-body;
  proxy_temp_path ${workDir}/nginx-proxy;
  fastcgi_temp_path ${workDir}/nginx-fastcgi;
  uwsgi_temp_path ${workDir}/nginx-uwsgi;
  scgi_temp_path ${workDir}/nginx-scgi;
  ${options.servesRemotes ? 'include /etc/nginx/mime.types;' : 'types { video/mp4 mp4; }'}
  default_type application/octet-stream;
  ${front}
}
${options.streams === undefined ? '' : `stream {\n  ${options.streams}\n}`}
`;
}

/**
 * deploy/nginx.conf with this machine's addresses and folders in place of the compose network's, so
 * the tests and the benchmark run the very configuration production does.
 */
async function productionServers({ gatewayUrls, down = [], mediaFilesDir }: NonNullable<NginxOptions['inFrontOf']>, listen: string, prefix: string): Promise<string> {
  return deployedConfiguration('nginx.conf', [
    // Kept as it is: media's MEDIA_ACCEL_REDIRECT must name it.
    [`location ${mediaFilesLocation} {`, `location ${mediaFilesLocation} {`],
    ['server gateway:8080 max_fails=1 fail_timeout=2s;', upstreamServers(gatewayUrls, down)],
    ['listen 80;', listen],
    ['alias /data/media/;', `alias ${mediaFilesDir}/;`],
    ['/var/run/nginx-video-grants.sock', `${prefix}-video-grants.sock`],
    ['/var/cache/nginx/video-grants', `${prefix}-video-grants`],
  ]);
}

/** A configuration of deploy/ with this machine's addresses and folders in place of production's. */
async function deployedConfiguration(file: string, replacements: Array<[string, string]>): Promise<string> {
  const conf = await readFile(new URL(`../deploy/${file}`, import.meta.url), 'utf8');
  return replacements.reduce((text, [production, here]) => {
    if (!text.includes(production)) throw new Error(`deploy/${file} no longer has "${production}": update scripts/nginx.ts`);
    return text.replaceAll(production, here);
  }, conf);
}

async function whenListening(child: ChildProcess, port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    // Any answer, even a 404, means it listens. deploy/nginx.conf answers /metrics itself: a probe
    // that reached the gateways before they listen would have nginx pass over them for a while.
    if (await fetch(`http://127.0.0.1:${port}/metrics`).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/** The master's worker processes (and its cache's helpers). */
async function workersOf(masterPid: number): Promise<Set<string>> {
  const listed = await readFile(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8');
  return new Set(listed.split(' ').filter(Boolean));
}

/**
 * Once every worker of the earlier configuration has been told to stop: the master starts the new
 * workers first, then signals the old ones, which stop taking connections at once.
 */
async function whenReloaded(child: ChildProcess, earlierWorkers: Set<string>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} on reload`);
    const workers = await workersOf(child.pid!);
    if ([...workers].some((pid) => !earlierWorkers.has(pid))) {
      // The master's pause between starting the new workers and signalling the old ones.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nginx did not take its new configuration: see its error log');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // QUIT: finish what is being sent, then exit.
    child.kill('SIGQUIT');
  });
}

/**
 * An upstream's servers: an instance that fails a request is passed over for two seconds (nginx's
 * passive health check), one in `down` is given nothing.
 */
export function upstreamServers(urls: string[], down: string[] = []): string {
  return urls.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=2s${down.includes(url) ? ' down' : ''};`).join('\n  ');
}
