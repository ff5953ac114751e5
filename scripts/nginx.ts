// Debian's nginx on loopback, for the streaming benchmark and the test of the production arrangement
// (nginx in front of the gateway sends the signed streams' bytes, MEDIA_ACCEL_REDIRECT). Runs in the
// foreground in a folder of its own, removed by the caller.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** The nginx binary, or undefined when it is not installed (`apt-get install -y nginx`). */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', 'nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0);
}

/** Proxies everything but the internal location to an upstream (the gateway), on kept-alive connections. */
export function inFrontOf(upstreamUrl: string): string {
  return `location / {
      proxy_pass http://${upstreamName(upstreamUrl)};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
    }`;
}

/** The name of the upstream block `startNginx` writes for a URL, which `inFrontOf` proxies to. */
function upstreamName(url: string): string {
  return `upstream_${new URL(url).host.replace(/\W/g, '_')}`;
}

/** The location MEDIA_ACCEL_REDIRECT names: reachable only by an X-Accel-Redirect, aliased to media's files. */
export function mediaFilesLocation(location: string, filesDir: string): string {
  return `location ${location} { internal; alias ${filesDir}/; }`;
}

/**
 * Starts nginx on `port` with one server made of `locations`; `upstreams` are the URLs `inFrontOf`
 * proxies to. Files are sent with sendfile, as in production.
 */
export async function startNginx(options: { workDir: string; port: number; locations: string[]; upstreams?: string[] }): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx');
  const { workDir, port } = options;
  // nginx's workers read the files as another user unless it runs as root; let them.
  await chmod(workDir, 0o755);
  const upstreams = (options.upstreams ?? []).map((url) => `upstream ${upstreamName(url)} { server ${new URL(url).host}; keepalive 64; }`);
  const conf = path.join(workDir, `nginx-${port}.conf`);
  await writeFile(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
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
  types { video/mp4 mp4; }
  default_type application/octet-stream;
  ${upstreams.join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    ${options.locations.join('\n    ')}
  }
}
`,
  );
  const child = spawn(binary, ['-c', conf, '-p', workDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await whenListening(child, port);
  return { url, stop: () => stop(child) };
}

async function whenListening(child: ChildProcess, port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    // Any answer, even a 404, means it listens.
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // QUIT: finish what is being sent, then exit.
    child.kill('SIGQUIT');
  });
}
