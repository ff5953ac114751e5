// The front-ends the gateway serves: the shell and the four remotes, each built into its dist folder.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@learning/kit';

const root = fileURLToPath(new URL('..', import.meta.url));

export const frontEnds = [
  { workspace: '@learning/shell', entry: 'shell/dist/index.html' },
  { workspace: '@learning/mfe-home', entry: 'mfe-home/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-monster', entry: 'mfe-monster/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-lessons', entry: 'mfe-lessons/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-admin', entry: 'mfe-admin/dist/mf-manifest.json' },
];

/** Builds every front-end whose build is missing (~30 s each on two cores); throws if a build fails. */
export function buildMissingFrontEnds(logger: Logger): void {
  const missing = frontEnds.filter(({ entry }) => !existsSync(`${root}/${entry}`));
  if (missing.length === 0) return;
  logger.info(`Building the front-ends that are not built yet: ${missing.map((f) => f.workspace).join(', ')}`);
  const args = ['run', 'build', ...missing.flatMap(({ workspace }) => ['-w', workspace])];
  const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}
