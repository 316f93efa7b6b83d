import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../../ui/alert.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { useCatalogueAreas, useCreateTicket, useEditorOptions } from '../api.ts';
import { CatalogueFrame, holds } from '../components/catalogue-frame.tsx';
import { TicketFormSections } from '../components/ticket-form.tsx';
import { newTicketForm, toTicketFields } from '../editor-form.ts';

/**
 * `/console/catalogue/new`: a new ticket, saved as a draft; its photos, days and rules document
 * are added in the editor it opens in once saved.
 */
export function Component() {
  return <CatalogueFrame>{(me) => <NewTicket me={me} />}</CatalogueFrame>;
}

function NewTicket({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleCatalogue');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useEditorOptions();
  const areas = useCatalogueAreas();
  const create = useCreateTicket();
  const area = Number(searchParams.get('area')) || areas.data?.areas[0]?.id;

  if (!holds(me, 'catalogue.write')) return <Alert tone="error">{t('readOnly')}</Alert>;
  return (
    <>
      <div>
        <Link to={PAGES.consoleCatalogue.path()} className="text-brand-800 text-sm underline">
          {t('editor.back')}
        </Link>
        <h1 className="mt-1 font-bold text-2xl text-stone-900">{t('editor.newTitle')}</h1>
        <p className="text-stone-600">{t('editor.newLead')}</p>
      </div>
      <QueryState
        isPending={options.isPending || areas.isPending}
        isError={options.isError || areas.isError}
        onRetry={() => {
          options.refetch();
          areas.refetch();
        }}
      />
      {options.data && areas.data && (
        <TicketFormSections
          key={area ?? 'none'}
          initial={newTicketForm(area)}
          options={options.data}
          areas={areas.data.areas}
          saving={create.isPending}
          error={create.error}
          saveLabel={t('editor.createDraft')}
          onSave={(form) =>
            create.mutate(
              { ticket: toTicketFields(form) },
              {
                onSuccess: (ticket) =>
                  navigate(PAGES.consoleCatalogueTicket.path({ id: ticket.id }), { replace: true }),
              },
            )
          }
        />
      )}
    </>
  );
}
