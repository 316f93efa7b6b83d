import type { AlertEvent, AlertPushPayload } from '@sentiero/contract/alerts';
import type { Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import { formatDayInSentence } from '../../platform/format.ts';
import { translate } from '../../platform/i18n.ts';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/**
 * Sentences already written: a day's run tells thousands of members the same few events of an
 * area in five languages, and each sentence costs a translation and a date format.
 */
const described = new Map<string, readonly string[]>();
const DESCRIBED_KEPT = 10_000;

/** One sentence per event, in the member's language: "Growth expected to reach Good on 3 October". */
export function describeAlertEvents(
  language: Language,
  events: readonly AlertEvent[],
  brand: string,
): string[] {
  const key = `${language}\n${brand}\n${JSON.stringify(events)}`;
  let lines = described.get(key);
  if (!lines) {
    lines = describeEvents(language, events, brand);
    if (described.size >= DESCRIBED_KEPT) described.clear();
    described.set(key, lines);
  }
  return [...lines];
}

function describeEvents(language: Language, events: readonly AlertEvent[], brand: string): string[] {
  const t = mailTexts(language, brand);
  return events.map((event) => {
    const date = formatDayInSentence(event.date, language);
    if (event.kind === 'growth') {
      const level = translate(language, 'growth', `level.${event.level}`);
      return t.text('alert.event.growth', { level, date });
    }
    return t.text(`alert.event.${event.kind}`, { date });
  });
}

/** The mail of one day's alert for one area, with the one-click way out of this area's alerts. */
export function alertMail(
  language: Language,
  v: {
    firstName: string;
    areaName: string;
    events: readonly AlertEvent[];
    areaUrl: string;
    unsubscribeUrl: string;
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { area: v.areaName, firstName: v.firstName };
  const lines = describeAlertEvents(language, v.events, brand);
  return renderMail(
    {
      subject: t.text('alert.subject', { ...values, headline: lines[0] ?? '' }),
      blocks: [
        { type: 'paragraph', text: t.text(v.firstName ? 'alert.greeting' : 'alert.greetingNoName', values) },
        { type: 'paragraph', text: t.text('alert.intro', values) },
        { type: 'list', items: lines },
        { type: 'button', label: t.text('alert.button', values), url: v.areaUrl },
        t.signature,
      ],
      footer: [
        {
          text: t.text('alert.footer', values),
          link: { label: t.text('alert.unsubscribe', values), url: v.unsubscribeUrl },
        },
        t.tagline,
      ],
    },
    language,
    brand,
  );
}

/** What the service worker shows: the area as the title, the events as the body. */
export function alertPush(
  language: Language,
  v: { areaId: number; areaName: string; events: readonly AlertEvent[] },
  brand: string,
): AlertPushPayload {
  return {
    title: v.areaName,
    body: describeAlertEvents(language, v.events, brand).join('\n'),
    url: PAGES.area.path({ eventsId: v.areaId }),
    // One notification per area on the phone: a newer one replaces the last.
    tag: `alert-area-${v.areaId}`,
  };
}

/** The test a member sends from the alerts screen to see that this device shows them. */
export function testPush(language: Language, brand: string): AlertPushPayload {
  const t = mailTexts(language, brand);
  return {
    title: t.text('alert.testTitle'),
    body: t.text('alert.testBody'),
    url: PAGES.alerts.path(),
    tag: 'alert-test',
  };
}
