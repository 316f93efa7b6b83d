import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileSource } from './config.ts';

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

  it('allows map tiles from the configured server only', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tiles.example.net/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.tiles.example.net',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example.net/map.png' })).toThrow(/MAP_TILE_URL/);
  });
});
