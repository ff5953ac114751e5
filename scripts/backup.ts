// `npm run backup -- <destination>`: a backup of the platform's data (database and media files, no
// secret) in a new folder under <destination>, taken while the platform runs, with the same
// settings as the platform's. Prints where it wrote. docs/operating.md, "Backups", says how often.
import { createLogger } from '@learning/kit/observability';
import { BackupRefused, formatSize } from './backups/manifest.js';
import { takeBackup } from './backups/take-backup.js';
import { settingsOrExit } from './launch-settings.js';

const [destination] = process.argv.slice(2);
if (!destination) {
  console.error('Хэрэглээ / Usage: npm run backup -- <destination folder>');
  process.exit(2);
}
const { settings } = settingsOrExit(process.env, createLogger('backup', 'error'));
try {
  const { folder, manifest } = await takeBackup(settings, destination);
  const mediaBytes = manifest.media.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    [
      `Нөөц бичигдлээ / Backup written: ${folder}`,
      `  өгөгдлийн сан / database (${manifest.database.kind}): ${formatSize(manifest.database.bytes)}`,
      `  медиа / media (${manifest.media.store}): ${manifest.media.files.length} файл / files, ${formatSize(mediaBytes)}`,
      'Нууцууд нөөцөд ороогүй: тусад нь хадгална уу. / The secrets are not in it: keep them apart (docs/operating.md, "Backups").',
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
