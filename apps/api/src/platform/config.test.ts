import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded PGlite under ./.data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: expect.stringMatching(/\/\.data$/) });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sentiero' });
    expect(config.database).toMatchObject({
      driver: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/sentiero',
    });
  });

  it('names the variable that is wrong and the value it got', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db' })).toThrow(
      /DATABASE_URL="mysql:\/\/db": must start with postgres/,
    );
  });
});
