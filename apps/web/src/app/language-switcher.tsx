import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const id = useId();
  const current = useCurrentLanguage();

  function choose(language: Language) {
    void i18n.changeLanguage(language);
    // A `?lng=` left in the address would win over the new choice on the next reload.
    if (searchParams.has('lng')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lng');
      setSearchParams(next, { replace: true });
    }
  }

  return (
    <div className="flex items-center gap-1.5">
      <Globe aria-hidden className="hidden size-4 text-stone-500 sm:block" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => choose(event.target.value as Language)}
        className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
