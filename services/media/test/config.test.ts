// Media's settings read as the configuration table (docs/operating.md) says; a bad one stops the start with its name.
import { loadConfig } from '@learning/kit/service';
import { mediaEnv } from '../src/config.js';

const required = { MEDIA_SIGNING_SECRET: 'media-config-test-signing-secret' };

describe('MEDIA_S3_PREFIX', () => {
  it('takes folders ending in /, and leaves keys at the top when unset or empty', () => {
    expect(loadConfig(mediaEnv, { ...required, MEDIA_S3_PREFIX: 'platform/media/' }).MEDIA_S3_PREFIX).toBe('platform/media/');
    expect(loadConfig(mediaEnv, required).MEDIA_S3_PREFIX).toBeUndefined();
    expect(loadConfig(mediaEnv, { ...required, MEDIA_S3_PREFIX: '' }).MEDIA_S3_PREFIX).toBeUndefined();
  });

  it.each(['media', '/media/', '../media/', 'media//', 'my media/'])('refuses %j, naming the setting', (prefix) => {
    expect(() => loadConfig(mediaEnv, { ...required, MEDIA_S3_PREFIX: prefix })).toThrow('MEDIA_S3_PREFIX: folders ending in /, e.g. media/');
  });
});
