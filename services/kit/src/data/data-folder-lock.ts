// One process at a time on an embedded database folder: PGlite takes no lock of its own, and two
// processes writing one folder lose each other's writes. The holder's pid is kept in `<folder>.lock`
// beside the folder; a lock whose process is gone (killed, or the machine restarted) is taken over.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A second process asked for a data folder another one holds. */
export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';

  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `Өгөгдлийн хавтас ${folder}-г ${pid} дугаартай процесс ашиглаж байна: нэг хавтсанд нэг л процесс бичнэ. ` +
        `Тэр процессыг зогсооно уу, эсвэл өөр DATA_DIR өгнө үү; тэр процесс платформ биш бол ${folder}.lock-г устгана уу. / ` +
        `The data folder ${folder} is in use by process ${pid}: one process at a time writes a data folder. ` +
        `Stop that process, or give another DATA_DIR; if that process is not the platform, delete ${folder}.lock.`,
    );
  }
}

export interface DataFolderLock {
  /** The lock file, `<folder>.lock`. */
  file: string;
  /** Removes the lock file, if it still names this process. */
  release(): void;
}

/** The lock files this process holds: one naming this process's own pid is held, not left over. */
const heldHere = new Set<string>();

/** Takes the folder for this process, or throws `DataFolderInUse` naming the process that holds it. */
export function lockDataFolder(folder: string): DataFolderLock {
  const absolute = path.resolve(folder);
  const file = `${absolute}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  // The lock appears whole or not at all: a link of a finished file, which fails when one exists.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    // Each pass either takes the lock, refuses, or removes a lock left by a process that is gone.
    for (let pass = 0; pass < 10; pass += 1) {
      try {
        linkSync(draft, file);
        return held(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(file);
      if (holder === undefined) continue;
      if (isRunning(holder, file)) throw new DataFolderInUse(absolute, holder);
      removeLeftOver(file, holder);
    }
    throw new Error(`${file}: the lock kept changing hands; start again.`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function held(file: string): DataFolderLock {
  heldHere.add(file);
  // A process ending without closing (an uncaught error) still leaves the folder free; a killed one
  // leaves its lock behind, taken over by the next start.
  const release = () => {
    process.off('exit', release);
    if (!heldHere.delete(file)) return;
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

/** The pid a lock file names; NaN for a file that names none, undefined once it is gone. */
function holderOf(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isRunning(pid: number, file: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // After a restart this process may have the pid its predecessor had.
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the lock a process that is gone left, and only that one: the file is moved aside first,
 * so when another start took the lock over in between, its lock is what was moved, and it is put back.
 */
function removeLeftOver(file: string, gone: number): void {
  const aside = `${file}.${process.pid}.left-over`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (!Object.is(holderOf(aside), gone)) linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
