// One process at a time on an embedded database folder: the service alone's PGlite and the
// all-in-one start's shared one each take `<folder>.lock` naming their pid, refuse a folder a running
// process holds, take over a lock whose process is gone, and free the folder when they close.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataFolderInUse, openDatabase, openSharedPglite } from '../src/data/index.js';

/**
 * Embedded folders only: CI's PostgreSQL pass (DATABASE_URL set) has no such folder to lock, and
 * its embedded pass, which runs this kit's tests, checks them there.
 */
const describeEmbedded = process.env.DATABASE_URL ? describe.skip : describe;

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'data-folder-lock-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const openAlone = () => openDatabase({ service: 'exam', dataDir, migrations: {} });

/** The pid of a process that has ended. */
function endedPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(ended.stdout.trim());
}

describeEmbedded("a service's own embedded database", () => {
  it('is refused while this process holds it, naming the folder and the process, and free again once closed', async () => {
    const db = await openAlone();
    const folder = path.join(dataDir, 'exam');
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    const refused = openAlone();
    await expect(refused).rejects.toBeInstanceOf(DataFolderInUse);
    await expect(refused).rejects.toMatchObject({ folder, pid: process.pid });
    await expect(refused).rejects.toThrow(`Өгөгдлийн хавтас ${folder}-г ${process.pid} дугаартай процесс ашиглаж байна`);
    await expect(refused).rejects.toThrow(`The data folder ${folder} is in use by process ${process.pid}`);

    await db.destroy();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    await (await openAlone()).destroy();
  });

  it('is taken over from a process that is gone', async () => {
    const gone = endedPid();
    await writeFile(path.join(dataDir, 'exam.lock'), `${gone}\n`);
    const db = await openAlone();
    expect(await readFile(path.join(dataDir, 'exam.lock'), 'utf8')).toBe(`${process.pid}\n`);
    await db.destroy();
  });
});

describeEmbedded("the all-in-one start's shared embedded database", () => {
  let running: ChildProcess | undefined;

  afterEach(() => {
    running?.kill('SIGKILL');
    running = undefined;
  });

  it('is refused while another running process holds it, and left to that process', async () => {
    running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const lockFile = path.join(dataDir, 'platform.lock');
    await writeFile(lockFile, `${running.pid}\n`);
    await expect(openSharedPglite(path.join(dataDir, 'platform'))).rejects.toMatchObject({
      name: 'DataFolderInUse',
      folder: path.join(dataDir, 'platform'),
      pid: running.pid,
    });
    expect(await readFile(lockFile, 'utf8')).toBe(`${running.pid}\n`);
  });

  it('is taken over from a process that is gone, or a lock file that names none, and freed on close', async () => {
    const lockFile = path.join(dataDir, 'platform.lock');
    for (const leftOver of [`${endedPid()}\n`, '']) {
      await writeFile(lockFile, leftOver);
      const shared = await openSharedPglite(path.join(dataDir, 'platform'));
      expect(await readFile(lockFile, 'utf8')).toBe(`${process.pid}\n`);
      await shared.close();
      expect(existsSync(lockFile)).toBe(false);
    }
  }, 60_000);
});

describeEmbedded('a lock left by a process that is gone', () => {
  it('is taken over by exactly one of several processes starting at the same moment; the others are refused naming it', async () => {
    const folder = path.join(dataDir, 'platform');
    await writeFile(`${folder}.lock`, `${endedPid()}\n`);
    const lockModule = fileURLToPath(new URL('../src/data/data-folder-lock.ts', import.meta.url));
    // Each says it is ready, waits for the word to go, then takes the lock, keeping it until it is
    // killed, or is refused. The word goes to all of them at once.
    const script = `
      const { lockDataFolder } = await import(${JSON.stringify(lockModule)});
      process.stdin.once('data', () => {
        try { lockDataFolder(${JSON.stringify(folder)}); console.log('took'); setTimeout(() => {}, 60_000); }
        catch (error) { console.log('refused ' + error.pid); }
      });
      console.log('ready');`;
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }));
    const nextLine = (child: ChildProcess) => new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
    try {
      await Promise.all(children.map(nextLine));
      const said = children.map(nextLine);
      for (const child of children) child.stdin!.write('go\n');
      const outcomes = await Promise.all(children.map(async (child, index) => ({ pid: child.pid!, said: await said[index]! })));
      const took = outcomes.filter(({ said }) => said === 'took');
      expect(took).toHaveLength(1);
      expect(outcomes.filter(({ said }) => said !== 'took').map(({ said }) => said)).toEqual(Array(3).fill(`refused ${took[0]!.pid}`));
    } finally {
      for (const child of children) child.kill('SIGKILL');
    }
  }, 60_000);
});
