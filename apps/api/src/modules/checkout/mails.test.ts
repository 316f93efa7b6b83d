import type { Language } from '@sentiero/contract/languages';
import { describe } from 'vitest';
import { BRAND, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import { ticketsReadyMail } from './mails.ts';

const TICKETS_READY = {
  firstname: 'Anna',
  orderCode: 'ST-K7QX2-M9XPA',
  ticketsUrl: 'https://sentiero.test/user/mytickets',
  payOnSite: true,
};

describe('the mail of a paid order', () => {
  itRendersEveryKindInEveryLanguage({
    ticketsReady: (language: Language) => ticketsReadyMail(language, TICKETS_READY, BRAND),
  });
});
