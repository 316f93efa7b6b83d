import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../../ui/alert.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { type ConsoleArea, useConsoleArea, useUpdateArea } from '../api.ts';
import { AreaFormSections, areaForm, toAreaFields } from '../components/area-form.tsx';
import { CatalogueFrame, holds } from '../components/catalogue-frame.tsx';
import { PhotosSection } from '../components/photos-section.tsx';
import { RulesDocument } from '../components/rules-document.tsx';

/**
 * `/console/areas/:id`: an area's editor — its texts per language with the missing ones flagged,
 * its rules and daily limit, its photos and its rules document.
 */
export function Component() {
  return <CatalogueFrame>{(me) => <AreaScreen me={me} />}</CatalogueFrame>;
}

function AreaScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleCatalogue');
  const id = Number(useParams().id);
  const area = useConsoleArea(id);
  return (
    <>
      <Link to={PAGES.consoleAreas.path()} className="text-brand-800 text-sm underline">
        {t('areaEditor.back')}
      </Link>
      <QueryState isPending={area.isPending} isError={area.isError} onRetry={() => area.refetch()} />
      {area.data && <AreaEditor area={area.data} canWrite={holds(me, 'catalogue.write')} />}
    </>
  );
}

function AreaEditor({ area, canWrite }: { area: ConsoleArea; canWrite: boolean }) {
  const { t, i18n } = useTranslation('consoleCatalogue');
  const update = useUpdateArea();
  const language = i18n.language as keyof ConsoleArea['fields']['name'];
  const name = area.fields.name[language] || area.fields.name.it || area.fields.name.en;
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl text-stone-900">{name}</h1>
          <p className="text-stone-600">{area.operator}</p>
        </div>
        {area.available && (
          <a
            href={PAGES.area.path({ eventsId: area.id })}
            target="_blank"
            rel="noreferrer"
            className="text-brand-800 text-sm underline"
          >
            {t('areaEditor.viewInShop')}
          </a>
        )}
      </header>
      {!canWrite && <Alert tone="info">{t('readOnly')}</Alert>}
      {update.isSuccess && !update.isPending && <Alert tone="success">{t('editor.saved')}</Alert>}
      <AreaFormSections
        // A saved area's form starts again from what the server kept.
        key={JSON.stringify(area.fields)}
        initial={areaForm(area.fields)}
        canWrite={canWrite}
        saving={update.isPending}
        error={update.error}
        onSave={(form) => update.mutate({ id: area.id, area: toAreaFields(form) })}
      />
      <PhotosSection subject={{ area_id: area.id }} photos={area.photos} canWrite={canWrite} />
      <RulesDocument subject={{ area_id: area.id }} url={area.rules_document} canWrite={canWrite} />
    </>
  );
}
