import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Links to the rules files: the area's always, the ticket's on an event page, and the documents
 * (PDF) the operator gave, where there are some.
 */
export function RulesDownloads({
  areaRules,
  ticketRules,
  documents = {},
}: {
  areaRules: string;
  ticketRules?: string;
  documents?: { ticket?: string | null; area?: string | null };
}) {
  const { t } = useTranslation('catalogue');
  const links = [
    { href: areaRules, label: t('downloads.areaRules') },
    ...(ticketRules ? [{ href: ticketRules, label: t('downloads.ticketRules') }] : []),
    ...(documents.ticket ? [{ href: documents.ticket, label: t('downloads.ticketDocument') }] : []),
    ...(documents.area ? [{ href: documents.area, label: t('downloads.areaDocument') }] : []),
  ];
  return (
    <div className="flex flex-col gap-2 text-sm">
      {links.map((link) => (
        <a
          key={link.href}
          href={link.href}
          download
          className="inline-flex items-center gap-2 font-medium text-brand-800 underline"
        >
          <Download aria-hidden className="size-4" />
          {link.label}
        </a>
      ))}
    </div>
  );
}
