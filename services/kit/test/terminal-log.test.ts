// The log speaks to whoever reads it: on a terminal, lines for a person (pino-pretty) and no line per
// request unless asked (LOG_LEVEL=debug); anywhere else, one JSON object per line, requests included.
// The terminal is a real pseudo-terminal, made by util-linux's `script`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const fixture = fileURLToPath(new URL('./fixtures/log-a-request.ts', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const node = `${process.execPath} --import tsx ${fixture}`;
// pino-pretty's colours (ANSI escapes: ESC, then [, digits and m).
const withoutColours = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

function run(onTerminal: boolean, env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info' }): string {
  const command = onTerminal ? ['script', ['-qec', node, '/dev/null']] : [process.execPath, ['--import', 'tsx', fixture]];
  const result = spawnSync(command[0] as string, command[1] as string[], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`the fixture failed: ${result.stderr}`);
  return withoutColours(result.stdout);
}

it('on a terminal writes lines for a person and leaves out the request lines', () => {
  const output = run(true);
  expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(fixture\): The platform is running\.\r?$/m);
  expect(output).not.toContain('{"level"');
  expect(output).not.toMatch(/request/);
});

it('on a terminal shows the request lines when asked, with LOG_LEVEL=debug', () => {
  expect(run(true, { LOG_LEVEL: 'debug' })).toMatch(/DEBUG \(fixture\): request/);
});

it('elsewhere writes one JSON object per line, the request lines included', () => {
  const lines = run(false).trim().split('\n').map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number });
  expect(lines.map((line) => line.msg)).toEqual(['The platform is running.', 'request']);
  expect(lines[1]).toMatchObject({ url: '/v1/lessons', status: 200 });
});
