import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager, pageParam } from '../../../../ui/pager.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { useCatalogueAreaPage } from '../api.ts';
import { CatalogueFrame } from '../components/catalogue-frame.tsx';

/**
 * `/console/areas`: the areas whose catalogue the staff member runs (their operator's, or those a
 * narrowed grant names), with the languages their texts are missing in; each opens its editor.
 */
export function Component() {
  return <CatalogueFrame>{() => <AreaList />}</CatalogueFrame>;
}

function AreaList() {
  const { t } = useTranslation('consoleCatalogue');
  const [searchParams] = useSearchParams();
  const areas = useCatalogueAreaPage(pageParam(searchParams));
  return (
    <>
      <h1 className="font-bold text-2xl text-stone-900">{t('areaEditor.title')}</h1>
      <p className="text-stone-600">{t('areaEditor.lead')}</p>
      <QueryState isPending={areas.isPending} isError={areas.isError} onRetry={() => areas.refetch()} />
      {areas.data && areas.data.areas.length === 0 && (
        <p className="text-stone-600">{t('areaEditor.empty')}</p>
      )}
      {areas.data && areas.data.areas.length > 0 && (
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('areaEditor.title')}</caption>
            <thead className="border-stone-200 border-b bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('list.area')}
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                  {t('areaEditor.tickets')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('list.missing')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {areas.data.areas.map((area) => (
                <tr key={area.id} className="hover:bg-stone-50">
                  <td className="px-4 py-3">
                    <Link
                      to={PAGES.consoleArea.path({ id: area.id })}
                      className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                    >
                      {area.name}
                    </Link>
                    <span className="block text-stone-500 text-xs">{area.operator}</span>
                  </td>
                  <td className="hidden px-4 py-3 text-stone-700 tabular-nums md:table-cell">
                    {t('areaEditor.ticketCounts', {
                      published: area.tickets.published,
                      draft: area.tickets.draft,
                    })}
                  </td>
                  <td className="px-4 py-3">
                    {area.missing_languages.length === 0 ? (
                      <span className="text-stone-500">—</span>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        {area.missing_languages.map((language) => (
                          <abbr
                            key={language}
                            title={t('list.missingIn', { language: t(`languages.${language}`) })}
                            className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 text-xs uppercase no-underline"
                          >
                            {language}
                          </abbr>
                        ))}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {areas.data && <Pager page={areas.data.page} pages={areas.data.pages} />}
    </>
  );
}
