import { z } from 'zod';
import { ZEmail } from './account-fields.ts';
import { NEWSLETTER_STATES } from './accounts.ts';
import { ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

const ZNewsletterState = z.object({ newsletter: z.enum(NEWSLETTER_STATES) });
const ZToken = z.string().trim().min(16).max(128);

export const userNewsletter = defineEndpoint({
  path: '/app/user/newsletter',
  kind: 'write',
  access: 'public',
  tag: 'newsletter',
  summary:
    'Subscribes (a confirmation mail follows: double opt-in) or unsubscribes. Members use their ' +
    'account address; visitors give one.',
  input: z.object({
    lng: ZLanguageParam,
    subscribed: ZFormBoolean,
    email: ZEmail.optional(),
  }),
  output: ZNewsletterState,
});

export const newsletterConfirm = defineEndpoint({
  path: '/app/newsletter/confirm',
  kind: 'write',
  access: 'public',
  tag: 'newsletter',
  summary: 'Confirms a subscription with the link of the confirmation mail.',
  input: z.object({ lng: ZLanguageParam, token: ZToken }),
  output: ZNewsletterState,
});

export const newsletterUnsubscribe = defineEndpoint({
  path: '/app/newsletter/unsubscribe',
  kind: 'write',
  access: 'public',
  tag: 'newsletter',
  summary:
    'Unsubscribes with the link of any newsletter mail, without logging in (also one-click, RFC 8058).',
  input: z.object({ lng: ZLanguageParam, token: ZToken }),
  output: ZNewsletterState,
});

const contactField = (key: string) => ({ error: `field.${key}` });

export const contactUs = defineEndpoint({
  path: '/app/contact/us',
  kind: 'write',
  access: 'public',
  tag: 'contact',
  summary: 'Sends a message to the operator; a receipt is mailed to the sender.',
  input: z.object({
    lng: ZLanguageParam,
    full_name: z
      .string(contactField('fullNameRequired'))
      .trim()
      .min(1, contactField('fullNameRequired'))
      .max(120, contactField('invalid')),
    email: z
      .string(contactField('emailRequired'))
      .trim()
      .toLowerCase()
      .min(1, contactField('emailRequired'))
      .max(254, contactField('invalidEmail'))
      .pipe(z.email(contactField('invalidEmail'))),
    message: z
      .string(contactField('messageRequired'))
      .trim()
      .min(1, contactField('messageRequired'))
      .max(5000, contactField('messageTooLong')),
  }),
  output: z.object({ ok: z.literal(true) }),
});
