// `npm run restore -- <backup folder>`: the platform's data made exactly what the backup holds, with
// the platform stopped and the same settings as the platform's. Every session signs in again after
// it. The secrets are not in a backup: they are put back first (docs/operating.md, "Backups").
import { existsSync } from 'node:fs';
import { createLogger } from '@learning/kit/observability';
import { withoutEmpty } from '@learning/kit/service';
import { BackupRefused } from './backups/manifest.js';
import { restoreBackup } from './backups/restore-backup.js';
import { keptSecretFile, settingsOrExit } from './launch-settings.js';

const [backup] = process.argv.slice(2);
if (!backup) {
  console.error('Хэрэглээ / Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
// The learners' bank accounts in the backup open only with the key they were sealed with: a launcher
// would make a new one where none is kept, so a restore without it is refused rather than let through.
const given = withoutEmpty(process.env);
if (!given.BANK_ACCOUNT_KEY && !existsSync(keptSecretFile(given.DATA_DIR ?? '.data', 'BANK_ACCOUNT_KEY'))) {
  console.error(
    'BANK_ACCOUNT_KEY алга: нөөцийг авсан платформын нууцуудыг эхлээд буцааж тавина уу (docs/operating.md, "Backups"). / ' +
      'BANK_ACCOUNT_KEY is missing: put back the secrets of the platform the backup was taken of first (docs/operating.md, "Backups").',
  );
  process.exit(1);
}
const { settings } = settingsOrExit(process.env, createLogger('restore', 'error'));
try {
  const { manifest, keptBefore, media } = await restoreBackup(settings, backup);
  console.log(
    [
      `Сэргээгдлээ / Restored: ${backup} (${manifest.takenAt})`,
      `  өгөгдлийн сан / database (${manifest.database.kind})`,
      `  медиа / media (${media.store}): ${media.put} файл буцаав / files put back, ${media.removed} илүүг устгав / others removed`,
      'Бүх хэрэглэгч дахин нэвтэрнэ. / Everyone signs in again.',
      ...keptBefore.map((before) => `Сэргээхийн өмнөх өгөгдөл / The data before the restore is kept in: ${before} (шаардлагагүй бол устгана уу / delete it once not needed)`),
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
