import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import it_ from '../../../../public/locales/it/consoleInbox.json' with { type: 'json' };
import sl from '../../../../public/locales/sl/consoleInbox.json' with { type: 'json' };
import type { InboxThread } from '../inbox-api.ts';
import { ReceivedMailItem } from './inbox-received-mail.tsx';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'it',
    resources: { it: { consoleInbox: it_ }, sl: { consoleInbox: sl } },
  });
});

const ANSWER: InboxThread['received_mails'][number] = {
  id: 3,
  from_address: 'giulia@example.org',
  from_name: 'Giulia Rossi',
  from_requester: true,
  subject: 'Re: il tuo messaggio a Sentiero',
  body: 'Grazie, veniamo sabato.',
  attachments: 0,
  received_at: '2026-09-12T18:45:00.000Z',
};

async function render(mail: typeof ANSWER, language: 'it' | 'sl' = 'it') {
  await i18n.changeLanguage(language);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ReceivedMailItem mail={mail} requester="giulia@example.org" />
    </I18nextProvider>,
  )
    .replace(/<[^>]+>/gu, ' ')
    .replace(/\s+/gu, ' ');
}

describe('an answer by mail in the thread', () => {
  it('shows who answered, when, and what they wrote', async () => {
    const text = await render(ANSWER);
    expect(text).toContain('Giulia Rossi');
    expect(text).toContain('Risposta via email');
    expect(text).toContain('Grazie, veniamo sabato.');
    expect(text).not.toContain('non dall');
    expect(text).not.toContain('allegat');
  });

  it('says when it came from another address, and that replies still go to the requester', async () => {
    const text = await render({
      ...ANSWER,
      from_address: 'marko@example.net',
      from_name: null,
      from_requester: false,
    });
    expect(text).toContain(
      'Inviata da marko@example.net, non dall&#x27;indirizzo di chi ha scritto. Le risposte vanno comunque solo a giulia@example.org.',
    );
  });

  it('counts the attachments it did not keep, in the plural forms of the language', async () => {
    expect(await render({ ...ANSWER, attachments: 1 })).toContain('1 allegato non è stato conservato.');
    expect(await render({ ...ANSWER, attachments: 3 })).toContain('3 allegati non sono stati conservati.');
    expect(await render({ ...ANSWER, attachments: 2 }, 'sl')).toContain('2 priponki nista bili shranjeni.');
    expect(await render({ ...ANSWER, body: '' }, 'sl')).toContain(
      'To e-poštno sporočilo ni vsebovalo besedila.',
    );
  });
});
