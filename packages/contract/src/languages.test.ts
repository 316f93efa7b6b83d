import { describe, expect, it } from 'vitest';
import { findLanguage, findLanguageForHost, findLanguageInAcceptHeader } from './languages.ts';

describe('languages', () => {
  it('accepts si, as SPEC writes it, for Slovenian', () => {
    expect(findLanguage('si')).toBe('sl');
    expect(findLanguage('SI')).toBe('sl');
    expect(findLanguage('sl-SI')).toBe('sl');
  });

  it('reduces regional tags to our languages and refuses the others', () => {
    expect(findLanguage('de-CH')).toBe('de');
    expect(findLanguage('es_ES')).toBe('es');
    expect(findLanguage('fr')).toBeUndefined();
    expect(findLanguage('')).toBeUndefined();
  });

  it('picks the preferred supported language of an Accept-Language header', () => {
    expect(findLanguageInAcceptHeader('fr-FR,fr;q=0.9,de;q=0.7,en;q=0.8')).toBe('en');
    expect(findLanguageInAcceptHeader('pt-BR, ja')).toBeUndefined();
    expect(findLanguageInAcceptHeader('en;q=0, it')).toBe('it');
  });

  it('gives Italian to an Italian domain and Spanish to a Spanish one', () => {
    expect(findLanguageForHost('www.sentiero.it')).toBe('it');
    expect(findLanguageForHost('sentiero.es')).toBe('es');
    expect(findLanguageForHost('localhost')).toBeUndefined();
    expect(findLanguageForHost('sentiero.com')).toBeUndefined();
  });
});
