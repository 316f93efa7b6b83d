import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../../public/locales/de/consoleInbox.json' with { type: 'json' };
import it_ from '../../../../public/locales/it/consoleInbox.json' with { type: 'json' };
import type { InboxPage } from '../inbox-api.ts';
import { InboxList } from './inbox-list.tsx';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'it',
    resources: { it: { consoleInbox: it_ }, de: { consoleInbox: de } },
  });
});

const THREAD: InboxPage['threads'][number] = {
  id: 7,
  kind: 'contact',
  state: 'answered',
  assignee: { id: 3, name: 'Sara Conti' },
  full_name: 'Giulia Rossi',
  email: 'giulia@example.org',
  language: 'it',
  message: 'Posso portare il cane in Val Grande?',
  area_name: null,
  created_at: '2026-09-10T08:00:00.000Z',
  updated_at: '2026-09-11T09:00:00.000Z',
  unread_answer_since: null,
};

/** The list's items as text, one per conversation. */
async function itemsOf(threads: InboxPage['threads'], language: 'it' | 'de' = 'it') {
  await i18n.changeLanguage(language);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <InboxList threads={threads} openId={null} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return [...html.matchAll(/<li>([\s\S]*?)<\/li>/gu)].map(([, item]) =>
    (item ?? '').replace(/<[^>]+>/gu, ' ').replace(/\s+/gu, ' '),
  );
}

describe('the inbox list', () => {
  it('marks a conversation with an answer nobody has opened, in words, beside its state', async () => {
    const [read, unread] = await itemsOf([
      THREAD,
      { ...THREAD, id: 8, state: 'new', unread_answer_since: '2026-09-12T16:45:00.000Z' },
    ]);
    expect(read).not.toContain('Nuova risposta');
    expect(read).toContain('Con risposta');
    expect(unread).toContain('Nuova risposta');
    // Its state is `new`, which the mark already says: no second "Nuova" beside it.
    expect(unread).not.toMatch(/Nuova(?! risposta)/u);
    expect(unread).toMatch(/Risposta ricevuta il 12 set 2026/u);
  });

  it('says it in the reader’s language', async () => {
    const [unread] = await itemsOf([{ ...THREAD, unread_answer_since: '2026-09-12T16:45:00.000Z' }], 'de');
    expect(unread).toContain('Neue Antwort');
    expect(unread).toMatch(/Antwort erhalten am 12\.09\.2026/u);
  });

  it('keeps the state beside the mark when the thread is not simply new (closed before anyone read the answer)', async () => {
    const [closed] = await itemsOf([
      { ...THREAD, state: 'closed', unread_answer_since: '2026-09-12T16:45:00.000Z' },
    ]);
    expect(closed).toContain('Nuova risposta');
    expect(closed).toContain('Chiusa');
  });
});
