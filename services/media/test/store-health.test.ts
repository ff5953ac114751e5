// The operator's view of media's store: a warning at start when it cannot take files, and
// media_store_can_take_files at /metrics, asked of every watched store at each scrape.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { createLogger, metricsRegistry } from '@learning/kit/observability';
import { sampleOf } from '@learning/testing/metrics';
import { createDiskStorage } from '../src/storage.js';
import { watchStore } from '../src/store-health.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'store-health-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function capturedLogger() {
  const logger = createLogger('store-health-test', 'warn');
  const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  return { logger, warnings: () => warn.mock.calls.map(([message]) => message) };
}

const scraped = async () => sampleOf(await metricsRegistry().metrics(), 'media_store_can_take_files');

it('says nothing of a store that can take files, and reports 1', async () => {
  const { warnings, logger } = capturedLogger();
  const unwatch = await watchStore(createDiskStorage(folder), logger, 'the folder under test');
  try {
    expect(warnings()).toEqual([]);
    expect(await scraped()).toBe(1);
  } finally {
    unwatch();
  }
});

it('warns at start of a store that cannot, naming it, and reports 0 while it is watched', async () => {
  const { warnings, logger } = capturedLogger();
  const unwatch = await watchStore(createDiskStorage(join(folder, 'volume-gone')), logger, 'the folder volume-gone');
  expect(warnings()).toEqual(["media's store (the folder volume-gone) cannot take files: uploads and plays will fail until it can."]);
  expect(await scraped()).toBe(0);
  unwatch();
  expect(await scraped()).toBe(1);
});
