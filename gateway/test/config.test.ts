import { ConfigError, loadConfig } from '@learning/kit/service';
import { gatewayEnv } from '../src/config.js';

describe('the gateway configuration', () => {
  it('takes the services on plain http, with a path if their URL carries one', () => {
    const config = loadConfig(gatewayEnv, { CATALOG_URL: 'http://catalog:4002/internal' });
    expect(config.CATALOG_URL).toBe('http://catalog:4002/internal');
    expect(config.AUTH_URL).toBe('http://127.0.0.1:4001');
  });

  it.each(['https://catalog:4002', 'ftp://catalog', 'catalog:4002'])('refuses %s as a service URL, naming the variable', (url) => {
    expect(() => loadConfig(gatewayEnv, { CATALOG_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig(gatewayEnv, { CATALOG_URL: url })).toThrow(/CATALOG_URL/);
  });

  it('refuses to start in production without PAYLOAD_SECRET, naming it; an empty one counts as unset', () => {
    expect(() => loadConfig(gatewayEnv, { NODE_ENV: 'production', PAYLOAD_SECRET: '' })).toThrow(/PAYLOAD_SECRET/);
    expect(loadConfig(gatewayEnv, { NODE_ENV: 'production', PAYLOAD_SECRET: 'the-operators-secret' }).PAYLOAD_SECRET).toBe('the-operators-secret');
    expect(loadConfig(gatewayEnv, { PAYLOAD_SECRET: '' }).PAYLOAD_SECRET).toBeUndefined();
  });
});
