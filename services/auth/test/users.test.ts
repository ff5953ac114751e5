// GET /v1/users?search=: the administrator finds users by name or email, in any case, the text taken
// literally (LIKE's wildcards in it match only themselves); paged as the list without a search.
import { expectStatus, startTestPlatform, uniqueSuffix, type TestPlatform } from '@learning/testing';

let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform?.close());

const search = async (text: string, page = '') =>
  expectStatus(await platform.call('GET', `/v1/users?search=${encodeURIComponent(text)}${page}`, { token: admin }), 200, `searching ${text}`);
const emailsOf = (page: { result: Array<{ email: string }> }) => page.result.map((user) => user.email).sort();

it('only an administrator may search: a guest gets 401, a learner 403', async () => {
  const learner = await platform.learner();
  expect((await platform.call('GET', '/v1/users?search=a')).status).toBe(401);
  expect((await platform.call('GET', '/v1/users?search=a', { token: learner.token })).status).toBe(403);
});

it('finds users whose name or email contains the text, in any case', async () => {
  const tag = uniqueSuffix();
  const byName = await platform.learner(`Болормаа ${tag.toUpperCase()}`);
  const byEmail = await platform.learner('Сараа');
  const other = await platform.learner('Дорж');
  void other;

  expect(emailsOf(await search(tag))).toEqual([byName.email]);
  expect(emailsOf(await search('болормаа ' + tag))).toEqual([byName.email]);
  const local = byEmail.email.split('@')[0]!;
  expect(emailsOf(await search(local.toUpperCase()))).toEqual([byEmail.email]);
  expect(await search('  ' + local + '  ')).toMatchObject({ total: 1 });
});

it('takes %, _ and \\ literally', async () => {
  const tag = uniqueSuffix();
  const percent = await platform.learner(`Хөнгөлөлт 100% ${tag}`);
  await platform.learner(`Хөнгөлөлт 1000 ${tag}`);
  const underscore = await platform.learner(`a_b ${tag}`);
  await platform.learner(`axb ${tag}`);
  const backslash = await platform.learner(`c\\d ${tag}`);

  expect(emailsOf(await search(`100% ${tag}`))).toEqual([percent.email]);
  expect(await search('%%%nobody-has-this%%%')).toEqual({ result: [], total: 0 });
  expect(emailsOf(await search(`a_b ${tag}`))).toEqual([underscore.email]);
  expect(emailsOf(await search(`c\\d ${tag}`))).toEqual([backslash.email]);
});

it('pages the users it finds, with their total', async () => {
  const tag = uniqueSuffix();
  for (let index = 0; index < 3; index += 1) await platform.learner(`Хуудас ${tag} ${index}`);
  const first = await search(tag, '&perPage=2&currentPage=1');
  const second = await search(tag, '&perPage=2&currentPage=2');
  expect(first.total).toBe(3);
  expect(first.result).toHaveLength(2);
  expect(second.result).toHaveLength(1);
  expect(new Set([...emailsOf(first), ...emailsOf(second)]).size).toBe(3);
});

it('refuses a search longer than 100 characters with a Mongolian message', async () => {
  const answer = await platform.call('GET', `/v1/users?search=${'а'.repeat(101)}`, { token: admin });
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ message: expect.stringContaining('Хайх үг хэтэрхий урт'), code: expect.any(String) });
});
