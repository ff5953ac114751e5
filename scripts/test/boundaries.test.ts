// The workspace's boundaries are lint rules (eslint.config.js): each refuses a deliberate violation,
// and lets the sanctioned way through, as ESLint itself reads a file at that place.
import path from 'node:path';
import { ESLint } from 'eslint';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repositoryRoot });

/** The boundary messages ESLint gives `source` as if it were the file at `filePath`. */
async function boundaryMessages(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repositoryRoot, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const importing = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

it.each([
  ['mfe-admin/src/lessons.ts', '../../mfe-lessons/src/lessons', 'another remote'],
  ['mfe-monster/src/screens/plan-list/PlanCard.tsx', '@learning/mfe-home', 'another remote, by name'],
  ['mfe-home/src/routes.tsx', '../../shell/src/routes', 'the shell'],
  ['services/media/src/routes/videos.ts', '../../../catalog/src/requests.js', "another service's src"],
  ['services/catalog/src/requests.ts', '../../kit/src/events/bus.js', "the kit's src by path"],
  ['gateway/src/app.ts', '../../services/auth/src/config.js', "a service's src, from the gateway"],
  ['services/exam/test/exam.test.ts', '../../catalog/test/fixture.js', "another package's test folder"],
  ['e2e/catalog.e2e.test.ts', '../services/catalog/test/fixture.js', 'a test folder, from the journeys'],
  ['packages/platform/src/api.ts', '../../../services/kit/src/http/index.js', 'server code, from the browser'],
  ['shell/src/App.tsx', '@learning/kit', 'the kit, from the browser'],
  ['shell/src/App.tsx', '@learning/kit/http', 'a concern of the kit, from the browser'],
  ['mfe-lessons/src/lessons.ts', '../../scripts/platform.js', 'scripts, from the browser'],
  ['packages/platform/src/api.ts', 'node:crypto', 'a node: module, from the browser'],
  ['mfe-admin/src/videos.ts', 'fs', 'a bare Node module, from the browser'],
  ['mfe-admin/src/videos.ts', '@tanstack/react-query', 'the query client around the facade'],
])('%s importing %s (%s) is refused', async (filePath, specifier) => {
  expect((await boundaryMessages(filePath, importing(specifier))).length).toBeGreaterThan(0);
});

it.each([
  ['mfe-admin/src/lessons.ts', '@learning/platform'],
  ['mfe-admin/src/lessons.ts', '@learning/contracts'],
  ['services/media/src/routes/videos.ts', '@learning/kit/http'],
  ['gateway/src/app.ts', '@learning/kit/observability'],
  ['services/exam/test/exam.test.ts', '@learning/testing/catalog'],
  ['services/exam/test/exam.test.ts', './fixture.js'],
  ['scripts/platform.ts', '../services/auth/src/service.js'],
])('%s may import %s', async (filePath, specifier) => {
  expect(await boundaryMessages(filePath, importing(specifier))).toEqual([]);
});
