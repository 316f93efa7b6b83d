import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Spinner, type SpinnerSize } from './spinner.tsx';

const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'de', resources: { de: { common: { loading: 'Wird geladen' } } } });
});

const render = (size: SpinnerSize) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Spinner size={size} />
    </I18nextProvider>,
  );

describe('Spinner', () => {
  it('shows the word Loading, translated, for the large size', () => {
    expect(render('large')).toMatch(/<span[^>]*>Wird geladen<\/span>/);
  });

  it('shows no word for small and medium sizes, but still names itself for screen readers', () => {
    for (const size of ['small', 'medium'] as const) {
      const html = render(size);
      expect(html).not.toMatch(/>Wird geladen</);
      expect(html).toContain('aria-label="Wird geladen"');
    }
  });
});
