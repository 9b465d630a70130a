import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('gives defaults for a bare environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      MUSTER_ROLE: 'all',
      PORT: 3000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'muster',
      embeddedDatabase: true,
      APP_ORIGINS: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173'],
    });
  });

  it('derives the default origins from the port and trims trailing slashes from given ones', () => {
    expect(parseConfig({ PORT: '8080' }).APP_ORIGINS).toContain('http://localhost:8080');
    expect(parseConfig({ APP_ORIGINS: 'https://muster.example/, https://ops.example' }).APP_ORIGINS).toEqual([
      'https://muster.example',
      'https://ops.example',
    ]);
  });

  it('uses the external database when DATABASE_URL is set', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@db:5432/muster' }).embeddedDatabase).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, embeddedDatabase: true });
  });

  it('names each bad variable', () => {
    try {
      parseConfig({ PORT: 'abc', MUSTER_ROLE: 'both', DATABASE_URL: 'mysql://x' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const names = (err as ConfigError).issues.map((i) => i.variable).sort();
      expect(names).toEqual(['DATABASE_URL', 'MUSTER_ROLE', 'PORT']);
      expect((err as ConfigError).message).toContain('PORT must be a port number');
    }
  });

  it('refuses out-of-range ports', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
