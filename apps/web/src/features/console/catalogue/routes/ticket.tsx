import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../../ui/alert.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import {
  type ConsoleTicket,
  useCatalogueAreas,
  useConsoleTicket,
  useEditorOptions,
  useUpdateTicket,
} from '../api.ts';
import { CatalogueFrame, holds, StatusBadge } from '../components/catalogue-frame.tsx';
import { DayOverrides } from '../components/day-overrides.tsx';
import { PhotosSection } from '../components/photos-section.tsx';
import { PublishBar } from '../components/publish-bar.tsx';
import { RulesDocument } from '../components/rules-document.tsx';
import { TicketFormSections } from '../components/ticket-form.tsx';
import { ticketForm, toTicketFields } from '../editor-form.ts';

/**
 * `/console/catalogue/ticket/:id`: a ticket's editor — its fields in sections, its photos, its
 * days (closed days and a day's places), its rules document, and publishing it.
 */
export function Component() {
  return <CatalogueFrame>{(me) => <TicketScreen me={me} />}</CatalogueFrame>;
}

function TicketScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleCatalogue');
  const id = Number(useParams().id);
  const ticket = useConsoleTicket(id);
  const options = useEditorOptions();
  const areas = useCatalogueAreas();
  const pending = ticket.isPending || options.isPending || areas.isPending;
  return (
    <>
      <Link to={PAGES.consoleCatalogue.path()} className="text-brand-800 text-sm underline">
        {t('editor.back')}
      </Link>
      <QueryState
        isPending={pending}
        isError={ticket.isError || options.isError || areas.isError}
        onRetry={() => ticket.refetch()}
      />
      {ticket.data && options.data && areas.data && (
        <TicketEditor
          ticket={ticket.data}
          options={options.data}
          areas={areas.data.areas}
          canWrite={holds(me, 'catalogue.write')}
          canCancel={holds(me, 'days.cancel')}
        />
      )}
    </>
  );
}

function TicketEditor({
  ticket,
  options,
  areas,
  canWrite,
  canCancel,
}: {
  ticket: ConsoleTicket;
  options: NonNullable<ReturnType<typeof useEditorOptions>['data']>;
  areas: { id: number; name: string }[];
  canWrite: boolean;
  canCancel: boolean;
}) {
  const { t } = useTranslation('consoleCatalogue');
  const update = useUpdateTicket();
  const title = ticket.fields.title.it || ticket.fields.title.en || t('editor.untitled');
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl text-stone-900">{title}</h1>
          <p className="flex flex-wrap items-center gap-2 text-stone-600">
            <StatusBadge status={ticket.status} />
            <span>
              {ticket.area.name} · {ticket.area.operator}
            </span>
          </p>
        </div>
        {ticket.status === 'published' && (
          <a
            href={PAGES.event.path({ eventId: ticket.id })}
            target="_blank"
            rel="noreferrer"
            className="text-brand-800 text-sm underline"
          >
            {t('editor.viewInShop')}
          </a>
        )}
      </header>
      {canWrite ? <PublishBar ticket={ticket} /> : <Alert tone="info">{t('readOnly')}</Alert>}
      {update.isSuccess && !update.isPending && <Alert tone="success">{t('editor.saved')}</Alert>}
      <TicketFormSections
        // A saved ticket's form starts again from what the server kept.
        key={ticket.updated_at}
        initial={ticketForm(ticket.fields)}
        options={options}
        areas={areas}
        saving={update.isPending}
        error={update.error}
        saveLabel={t('editor.save')}
        onSave={(form) => update.mutate({ id: ticket.id, ticket: toTicketFields(form) })}
      />
      <PhotosSection subject={{ ticket_id: ticket.id }} photos={ticket.photos} canWrite={canWrite} />
      <DayOverrides ticket={ticket} canWrite={canWrite} canCancel={canCancel} />
      <RulesDocument subject={{ ticket_id: ticket.id }} url={ticket.rules_document} canWrite={canWrite} />
    </>
  );
}
