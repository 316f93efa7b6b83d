import type { Region } from '@sentiero/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRegionName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { regionPagePath } from '../region-page.ts';

/**
 * The map's regions as links, by country: what the keyboard and a screen reader use where a
 * pointer clicks a region's outline.
 */
export function RegionLinks({ regions }: { regions: Region[] }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  if (regions.length === 0) return null;
  const countries = [...new Set(regions.map((region) => region.country))];
  return (
    <details className="mt-2 text-sm">
      {/* A heading in the summary (HTML allows one) puts the countries' headings below it. */}
      <summary className="cursor-pointer text-brand-900 hover:underline">
        <h2 className="inline font-normal text-sm">{t('events.regionLinks')}</h2>
      </summary>
      <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {countries.map((country) => (
          <div key={country}>
            <h3 className="font-semibold text-stone-800">{formatRegionName(country, language)}</h3>
            <ul className="mt-1 space-y-0.5">
              {regions
                .filter((region) => region.country === country)
                .map((region) => (
                  <li key={region.id}>
                    <Link to={regionPagePath(region)} className="text-stone-700 hover:underline">
                      {region.name}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
