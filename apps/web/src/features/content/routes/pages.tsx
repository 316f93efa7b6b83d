import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../../lib/site.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { InstallApp, StoreLinks } from '../components/install-app.tsx';

type Section = { title: string; paragraphs: string[] };

function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((text) => (
        <p key={text.slice(0, 48)} className="mt-3 leading-relaxed text-stone-800">
          {text}
        </p>
      ))}
    </>
  );
}

function Prose({ children }: { children: ReactNode }) {
  return <div className="max-w-3xl space-y-8">{children}</div>;
}

function useCompany() {
  const company = useSite().data?.company;
  return {
    company: company?.name ?? '',
    taxNumber: company?.tax_number ?? '',
    registerNumber: company?.register_number ?? '',
  };
}

/** About us: the story, the vision and the project. */
export function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <Prose>
      <PageHeading lead={t('about.lead')}>{t('about.title')}</PageHeading>
      {(['story', 'vision', 'project'] as const).map((part) => {
        const section = t(`about.${part}`, { returnObjects: true }) as Section;
        return (
          <section key={part} aria-labelledby={`about-${part}`}>
            <h2 id={`about-${part}`} className="font-semibold text-xl">
              {section.title}
            </h2>
            <Paragraphs items={section.paragraphs} />
          </section>
        );
      })}
    </Prose>
  );
}

/** `/society`: the company that runs the marketplace, with its legal data from configuration. */
export function SocietyPage() {
  const { t } = useTranslation('pages');
  const company = useCompany();
  return (
    <Prose>
      <PageHeading lead={t('society.lead')}>{t('society.title')}</PageHeading>
      <Paragraphs items={t('society.paragraphs', { returnObjects: true, ...company }) as string[]} />
      <section aria-labelledby="society-legal" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="society-legal" className="font-semibold">
          {t('society.legal.title')}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          <li>{t('society.legal.name', company)}</li>
          <li>{t('society.legal.taxNumber', company)}</li>
          <li>{t('society.legal.registerNumber', company)}</li>
        </ul>
      </section>
    </Prose>
  );
}

/** `/company`: partners who want to sell their permits and activities on Sentiero. */
export function CompanyPage() {
  const { t } = useTranslation('pages');
  return (
    <Prose>
      <PageHeading lead={t('company.lead')}>{t('company.title')}</PageHeading>
      <Paragraphs items={t('company.paragraphs', { returnObjects: true }) as string[]} />
      <p>
        <Link to={PAGES.contact.path()} className="font-medium text-brand-800 underline">
          {t('company.contact')}
        </Link>
      </p>
    </Prose>
  );
}

/** `/termsconditions`. */
export function TermsPage() {
  const { t } = useTranslation('pages');
  const company = useCompany();
  const sections = t('terms.sections', { returnObjects: true, ...company }) as Section[];
  return (
    <Prose>
      <PageHeading lead={t('terms.lead')}>{t('terms.title')}</PageHeading>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`terms-${index}`}>
          <h2 id={`terms-${index}`} className="font-semibold text-xl">
            {index + 1}. {section.title}
          </h2>
          <Paragraphs items={section.paragraphs} />
        </section>
      ))}
    </Prose>
  );
}

/** The app download page: install the web app, and the native apps' stores once they exist. */
export function AppPage() {
  const { t } = useTranslation('pages');
  return (
    <Prose>
      <PageHeading lead={t('app.lead')}>{t('app.title')}</PageHeading>
      <Paragraphs items={t('app.paragraphs', { returnObjects: true }) as string[]} />
      <InstallApp />
      <StoreLinks />
    </Prose>
  );
}
