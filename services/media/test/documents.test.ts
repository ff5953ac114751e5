// Documents: the PDFs of the static downloads, served to anyone (ranges too), replaced by the
// administrator with another PDF; anything else is refused.
import { readFile } from 'node:fs/promises';
import { expectStatus, startMediaFixture, type MediaFixture, startTimeoutMs } from './fixture.js';

let fixture: MediaFixture;
beforeAll(async () => {
  fixture = await startMediaFixture();
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const planId = '0b6f6c3e-1111-4c2e-9a55-8a3d2f1e0c01';

it('is put by the administrator and downloaded by anyone, whole or by range', async () => {
  const pdf = await readFile(fixture.media.pdf);
  const put = await fixture.upload('/v1/documents/brochure-2.pdf', { field: 'document', file: fixture.media.pdf, token: fixture.admin, method: 'PUT' });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ name: 'brochure-2.pdf', size: pdf.length, url: '/v1/documents/brochure-2.pdf' });
  const whole = await fixture.fetchBytes('/v1/documents/brochure-2.pdf');
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('application/pdf');
  expect(whole.bytes.equals(pdf)).toBe(true);
  const part = await fixture.fetchBytes('/v1/documents/brochure-2.pdf', { range: 'bytes=0-4' });
  expect([part.status, part.bytes.toString()]).toEqual([206, '%PDF-']);
});

it('is replaced: the new PDF is served with a new ETag and the old file is gone', async () => {
  const name = `monsterplans/${planId}/aloud/week-1-day-3.pdf`;
  expectStatus(await fixture.upload(`/v1/documents/${name}`, { field: 'document', file: fixture.media.pdf, token: fixture.admin, method: 'PUT' }), 200, 'first');
  const first = await fixture.fetchBytes(`/v1/documents/${name}`);
  const filesBefore = await fixture.storedFiles();
  const { writeFile } = await import('node:fs/promises');
  const other = `${fixture.media.folder}/other.pdf`;
  await writeFile(other, Buffer.concat([await readFile(fixture.media.pdf), Buffer.from('% another version\n')]));
  expectStatus(await fixture.upload(`/v1/documents/${name}`, { field: 'document', file: other, token: fixture.admin, method: 'PUT' }), 200, 'replacing');
  const second = await fixture.fetchBytes(`/v1/documents/${name}`);
  expect(second.bytes.equals(await readFile(other))).toBe(true);
  expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
  expect((await fixture.storedFiles()).length).toBe(filesBefore.length);
  const list = expectStatus(await fixture.call('GET', '/v1/documents?perPage=100', { token: fixture.admin }), 200, 'the list');
  expect(list.result.map((document: { name: string }) => document.name)).toContain(name);
});

it('refuses what is not a PDF, and names that are not documents', async () => {
  const notPdf = await fixture.upload('/v1/documents/introduction.pdf', { field: 'document', file: fixture.media.textAsMp4, token: fixture.admin, method: 'PUT', name: 'x.pdf' });
  expect([notPdf.status, notPdf.body.message]).toEqual([415, 'PDF файл биш байна. PDF файл сонгоно уу.']);
  const badName = await fixture.upload('/v1/documents/secrets.pdf', { field: 'document', file: fixture.media.pdf, token: fixture.admin, method: 'PUT' });
  expect([badName.status, badName.body.code]).toEqual([400, 'bad_document_name']);
  expect((await fixture.call('GET', '/v1/documents/../../etc/passwd')).status).toBe(404);
  expect((await fixture.call('GET', '/v1/documents/workshop.pdf')).status).toBe(404); // never put in this platform
});

it('is deleted by the administrator', async () => {
  expectStatus(await fixture.upload('/v1/documents/brochure-3.pdf', { field: 'document', file: fixture.media.pdf, token: fixture.admin, method: 'PUT' }), 200, 'putting');
  expect((await fixture.call('DELETE', '/v1/documents/brochure-3.pdf', { token: fixture.admin })).status).toBe(204);
  expect((await fixture.call('GET', '/v1/documents/brochure-3.pdf')).status).toBe(404);
});
