import { describe, expect, it } from 'vitest';
import { withoutQuotedText } from './quoted-text.ts';

const ANSWER = 'Perfect, see you on Saturday.\n\nGiulia';

describe('what the requester wrote, without the quote', () => {
  it.each([
    ['English', 'On Sat, 12 Sep 2026 at 10:30, Sentiero <no-reply@sentiero.example> wrote:'],
    ['Italian', 'Il giorno sab 12 set 2026 alle ore 10:30 Sentiero <no-reply@sentiero.example> ha scritto:'],
    ['German', 'Am Sa., 12. Sept. 2026 um 10:30 Uhr schrieb Sentiero <no-reply@sentiero.example>:'],
    ['Spanish', 'El sáb, 12 sept 2026 a las 10:30, Sentiero (<no-reply@sentiero.example>) escribió:'],
    ['Slovenian', 'V sob., 12. sep. 2026 ob 10:30 je oseba Sentiero <no-reply@sentiero.example> napisala:'],
    ['Slovenian (Thunderbird)', 'Dne 12. 09. 2026 ob 10:30 je Sentiero napisal(a):'],
    ['Outlook', '-----Original Message-----'],
  ])('drops the %s introduction and everything after it', (_language, introduction) => {
    const text = `${ANSWER}\n\n${introduction}\n> Hi Giulia,\n> Yes, on a lead.\n\nSentiero\nhttps://sentiero.example`;
    expect(withoutQuotedText(text)).toBe(ANSWER);
  });

  it('drops an introduction its mail program wrapped over two lines', () => {
    const text = `${ANSWER}\n\nOn Sat, 12 Sep 2026 at 10:30, Sentiero <no-reply@sentiero.example>\nwrote:\n> Yes.`;
    expect(withoutQuotedText(text)).toBe(ANSWER);
  });

  it('keeps the last line of the answer when it looks like the start of an introduction', () => {
    const german =
      'Danke!\nAm Samstag kommen wir zu zweit.\nAm 12.09.2026 um 10:30 schrieb Sentiero <x@y.z>:\n> Ja.';
    expect(withoutQuotedText(german)).toBe('Danke!\nAm Samstag kommen wir zu zweit.');
    const slovenian = 'Hvala, to je vse.\nDne 12. 09. 2026 ob 10:30 je Sentiero napisal(a):\n> Da.';
    expect(withoutQuotedText(slovenian)).toBe('Hvala, to je vse.');
  });

  it('drops quoted lines between the answers and keeps the rest, CRLF or not', () => {
    const text =
      '> Can I bring the dog?\r\nYes, a small one.\r\n> And the car?\r\n\r\n\r\n\r\nWe come by train.\r\n';
    expect(withoutQuotedText(text)).toBe('Yes, a small one.\n\nWe come by train.');
  });

  it('keeps a line that only mentions writing', () => {
    const text = 'On Monday I wrote to the park as well.\nIl parco ha scritto che va bene.';
    expect(withoutQuotedText(text)).toBe(text);
  });
});
