// The upload spool's clean-up: a refused upload leaves no file behind.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeSpooled } from '../src/spool.js';

it('removes a spooled file whose stream was destroyed while still opening it (the open would create it after the removal)', async () => {
  // A file refused by its first bytes is destroyed before its stream has opened the file; removing the
  // path at once left the file created a moment later in a few of every hundred refusals.
  const folder = await mkdtemp(join(tmpdir(), 'spool-'));
  try {
    const left: string[] = [];
    for (let attempt = 0; attempt < 300; attempt++) {
      const path = join(folder, `upload-${attempt}`);
      const output = createWriteStream(path);
      output.on('error', () => {});
      output.destroy(new Error('refused by its first bytes'));
      await removeSpooled(output, path);
      await new Promise((resolve) => setImmediate(resolve));
      if (existsSync(path)) left.push(path);
    }
    expect(left).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
