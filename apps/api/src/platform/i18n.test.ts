import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_LOCALES_DIR } from './config.ts';
import { createTranslator, errorMessage, fieldMessage, resolveLanguage, translate } from './i18n.ts';

const webErrors = (language: string) =>
  JSON.parse(readFileSync(join(WEB_LOCALES_DIR, language, 'errors.json'), 'utf8'));

describe('server-side translation', () => {
  it('answers in the web app’s own error messages, in the language asked for', () => {
    expect(errorMessage('de', 'NOT_FOUND')).toBe(webErrors('de').NOT_FOUND);
    expect(fieldMessage('sl', 'required')).toBe(webErrors('sl').field.required);
    expect(translate('es', 'common', 'home.title')).not.toBe(translate('en', 'common', 'home.title'));
  });

  it('falls back from the language asked for to English, then to Italian', () => {
    const sut = createTranslator({
      de: { common: { own: 'eigen' } },
      en: { common: { own: 'own', english: 'English only' } },
      it: { common: { own: 'proprio', english: 'solo inglese', italian: 'solo italiano' } },
    });
    expect(sut.translate('de', 'common', 'own')).toBe('eigen');
    expect(sut.translate('de', 'common', 'english')).toBe('English only');
    expect(sut.translate('de', 'common', 'italian')).toBe('solo italiano');
    expect(sut.translate('it', 'common', 'english')).toBe('solo inglese');
    expect(sut.translate('de', 'common', 'nowhere')).toBe('nowhere');
  });

  it('names a field message it does not know by its kind', () => {
    expect(fieldMessage('en', 'noSuchKind')).toBe('noSuchKind');
  });

  it('fills values once and leaves them unescaped, as typed', () => {
    const sut = createTranslator({ en: { mail: { hello: 'Hi {{name}}, from {{brand}}' } } });
    const name = '<b>{{brand}}</b> & $t(mail:hello)';
    expect(sut.translate('en', 'mail', 'hello', { values: { name, brand: 'Sentiero' } })).toBe(
      `Hi ${name}, from Sentiero`,
    );
  });

  it('picks the language in the browser’s order: lng, cookie, host, then Accept-Language', () => {
    const german = 'de-DE,de;q=0.9';
    expect(resolveLanguage({ host: 'sentiero.es', acceptLanguage: german })).toBe('es');
    expect(resolveLanguage({ host: 'sentiero.com', acceptLanguage: german })).toBe('de');
    expect(resolveLanguage({ cookie: 'sl', host: 'sentiero.es', acceptLanguage: german })).toBe('sl');
    expect(resolveLanguage({ param: 'en', cookie: 'sl', host: 'sentiero.it' })).toBe('en');
    expect(resolveLanguage({ host: 'localhost' })).toBe('it');
  });
});
