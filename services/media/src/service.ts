// The media service: video files of both kinds, streaming by signed URLs, subtitles, documents and
// read-aloud recordings.
import { join } from 'node:path';
import type { ServiceContext, ServiceDefinition } from '@learning/kit/service';
import { migrations } from '../migrations/index.js';
import { filesDir, handOverLocation, type MediaConfig } from './config.js';
import { createConversionPool, unwatchConversions } from './conversions.js';
import { seedDemo } from './demo/seed.js';
import { mediaSubscriptions } from './events.js';
import { createMediaTools } from './ffmpeg.js';
import type { Files } from './files.js';
import { keepVideoFiles, type KeptVideoFiles } from './kept-video-files.js';
import { aloudRoutes } from './routes/alouds.js';
import { documentRoutes } from './routes/documents.js';
import { posterRoutes } from './routes/posters.js';
import { streamRoutes } from './routes/streams.js';
import { videoRoutes } from './routes/videos.js';
import type { S3StorageOptions } from './s3-storage.js';
import { prepareSpool } from './spool.js';
import { createDiskStorage, type FileStorage } from './storage.js';
import type { MediaTables } from './tables.js';
import { watchStore } from './store-health.js';
import { createTranscoder, watchTranscoding, type Transcoder } from './transcoding.js';

export function mediaService(config: MediaConfig): ServiceDefinition<MediaTables> {
  const root = filesDir(config);
  const files: Files = {
    storage: storageOf(config),
    tools: createMediaTools({ ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH }),
    conversions: createConversionPool(config.MEDIA_CONVERSIONS),
    // Beside the files, on the same disk, so a finished upload moves into the disk storage by a rename;
    // with S3 the only local folder media needs.
    spoolDir: join(root, '.spool'),
  };
  const secret = config.MEDIA_SIGNING_SECRET;
  // One for the stream route that reads them and the routes that delete videos, so a delete is seen by both.
  let keptVideoFiles: KeptVideoFiles | undefined;
  const videoFiles = (context: ServiceContext<MediaTables>) => (keptVideoFiles ??= keepVideoFiles(context.db));
  // The HLS ladders' worker, one per service; made with the context, started once the spool is ready.
  let transcoder: Transcoder | undefined;
  let unwatchTranscoding: () => unknown = () => undefined;
  let unwatchStore: () => unknown = () => undefined;
  const transcoderOf = (context: ServiceContext<MediaTables>) =>
    (transcoder ??= createTranscoder({
      db: context.db,
      files,
      tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH },
      logger: context.logger,
      enabled: config.MEDIA_TRANSCODE === '1',
      concurrency: config.MEDIA_TRANSCODE_CONCURRENCY,
    }));
  return {
    name: 'media',
    migrations,
    async start(context) {
      if (config.MEDIA_STORAGE === 's3' && config.MEDIA_ACCEL_REDIRECT) {
        context.logger.warn(
          `MEDIA_ACCEL_REDIRECT=${config.MEDIA_ACCEL_REDIRECT} is not used: with MEDIA_STORAGE=s3 the files are not in a folder nginx can read, so media sends their bytes itself.`,
        );
      }
      if (!(await files.tools.hasProbe())) {
        context.logger.warn(`ffprobe (FFPROBE_PATH=${config.FFPROBE_PATH}) does not run: uploads are judged by their first bytes only, not read as sound or picture. Install ffmpeg.`);
      }
      await prepareSpool(files.spoolDir);
      unwatchStore = await watchStore(files.storage, context.logger, storeDescribed(config));
      if (config.SEED_DEMO === '1' && (await seedDemo(context.db, files))) {
        context.logger.info('media was empty: seeded the demo videos, subtitles and documents (SEED_DEMO=0 turns this off)');
      }
      await transcoderOf(context).start();
      unwatchTranscoding = watchTranscoding(context.db, context.logger, config.MEDIA_TRANSCODE_CONCURRENCY);
    },
    async stop(context) {
      unwatchTranscoding();
      unwatchStore();
      unwatchConversions(files.conversions);
      await transcoderOf(context).stop();
    },
    subscriptions: (context) => mediaSubscriptions(context, files, transcoderOf(context)),
    routes(app, context) {
      app.use(streamRoutes(context, files, videoFiles(context), { secret, ttlSeconds: config.MEDIA_URL_TTL_SECONDS }, handOverLocation(config)));
      app.use(videoRoutes(context, files, videoFiles(context), config, transcoderOf(context)));
      app.use(posterRoutes(context, files));
      app.use(documentRoutes(context, files, config));
      app.use(aloudRoutes(context, files, config, secret));
    },
  };
}

/** The store as its settings name it, for the operator's log. */
export function storeDescribed(config: MediaConfig): string {
  if (config.MEDIA_STORAGE === 'disk') return `the folder ${filesDir(config)}`;
  return `the bucket ${config.MEDIA_S3_BUCKET} at ${config.MEDIA_S3_ENDPOINT ?? 'AWS S3'}`;
}

export function storageOf(config: MediaConfig): FileStorage {
  if (config.MEDIA_STORAGE === 'disk') return createDiskStorage(filesDir(config));
  return s3StorageLoadedOnUse({
    bucket: config.MEDIA_S3_BUCKET!,
    region: config.MEDIA_S3_REGION,
    ...(config.MEDIA_S3_ENDPOINT ? { endpoint: config.MEDIA_S3_ENDPOINT } : {}),
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE === '1',
    ...(config.MEDIA_S3_PREFIX ? { prefix: config.MEDIA_S3_PREFIX } : {}),
  });
}

/** The AWS SDK (about 24 MB of a process's memory) loads only where media stores in S3, not on every start. */
function s3StorageLoadedOnUse(options: S3StorageOptions): FileStorage {
  const storage = import('./s3-storage.js').then(({ createS3Storage }) => createS3Storage(options));
  // Refused where it is used; not an unhandled rejection before then.
  storage.catch(() => undefined);
  return {
    putFile: async (key, localPath) => (await storage).putFile(key, localPath),
    putBytes: async (key, bytes) => (await storage).putBytes(key, bytes),
    read: async (key, range) => (await storage).read(key, range),
    remove: async (key) => (await storage).remove(key),
    canTakeFiles: async () => (await storage).canTakeFiles(),
    async *keys() {
      yield* (await storage).keys();
    },
  };
}
