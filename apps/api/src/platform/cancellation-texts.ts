import type { Language } from '@sentiero/contract/languages';
import { type CancellationRule, describeCancellationRule } from '@sentiero/contract/rules/cancellation';
import { translate } from './i18n.ts';

/**
 * A cancellation rule in words, one sentence each, in `language` (ADR 045): what the event page,
 * the ticket's PDF and the mails say, from the `cancellation` texts the web app shows too.
 */
export function describeCancellation(language: Language, rule: CancellationRule): string[] {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
  return describeCancellationRule(
    rule,
    language,
    (key, values) => translate(language, 'cancellation', key, { values }),
    (cents) => money.format(cents / 100),
  );
}
