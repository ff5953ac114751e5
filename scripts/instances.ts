// What several instances of each deployable need, in the in-process platform of the journeys as in
// `start:distributed --instances`: they share what production's instances share, never a process's
// own embedded database, in-process bus, memory of rate limits or folder of media files.

/** The settings several instances need, and what each is. */
const sharedByInstances = {
  DATABASE_URL: 'PostgreSQL',
  AMQP_URL: 'RabbitMQ',
  REDIS_URL: 'Redis, where the gateways count the rate limits together',
} as const;

export class InstancesNeedSharedServices extends Error {
  override name = 'InstancesNeedSharedServices';
}

/** Throws, naming every setting missing, unless the settings give what several instances share. */
export function requireWhatInstancesShare(settings: Record<string, string | undefined>): void {
  const missing = Object.entries(sharedByInstances).filter(([name]) => !settings[name]);
  const mediaOnDisk = settings.MEDIA_STORAGE !== 's3';
  if (missing.length === 0 && !mediaOnDisk) return;
  throw new InstancesNeedSharedServices(
    `Several instances share what production shares; set ${[
      ...missing.map(([name, what]) => `${name} (${what})`),
      ...(mediaOnDisk ? ['MEDIA_STORAGE=s3 with MEDIA_S3_* (the media files, in one S3-compatible store)'] : []),
    ].join(', ')}.`,
  );
}
