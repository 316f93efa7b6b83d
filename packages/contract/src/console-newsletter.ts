import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The console's newsletter issues (issue 23, item 4; ADR 032, 038): written per language, with
 * the missing languages flagged; previewed as the mail will be; a test sent to oneself; scheduled
 * or sent now through the job queue to the confirmed subscribers; its progress (done of total,
 * failures listed) read from the database, so it survives a restart. Sentiero's admins only.
 */

export const ISSUE_PAGE_SIZE = 20;
export const ISSUE_STATES = ['draft', 'scheduled', 'sending', 'sent', 'canceled'] as const;
export const ISSUE_SUBJECT_MAX_LENGTH = 200;
export const ISSUE_BODY_MAX_LENGTH = 20_000;

/** Objects travel as JSON strings in form-data. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Text per language, only the languages written; an empty text removes a language. */
const ZIssueText = z.preprocess(
  parsedJson,
  z.partialRecord(
    z.enum(LANGUAGES, { error: 'field.invalid' }),
    z.string().max(ISSUE_BODY_MAX_LENGTH + 1000),
  ),
);

const ZLanguage = z.enum(LANGUAGES, { error: 'field.invalid' });

const ZIssueProgress = z.object({
  total: z.number().int(),
  done: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
});

export const ZConsoleIssue = z.object({
  id: z.number().int(),
  subject: z.partialRecord(ZLanguage, z.string()),
  body: z.partialRecord(ZLanguage, z.string()),
  state: z.enum(ISSUE_STATES),
  /** Languages without a subject or a body: their subscribers get English, else Italian. */
  missing: z.array(ZLanguage),
  scheduled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  progress: ZIssueProgress,
});
export type ConsoleIssue = z.infer<typeof ZConsoleIssue>;

export const consoleNewsletterIssues = defineEndpoint({
  path: '/console/newsletter/issues',
  kind: 'read',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'The newsletter issues, newest first, 20 a page (by state when asked), with the confirmed subscribers per language.',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    state: z.enum(ISSUE_STATES, { error: 'field.invalid' }).optional(),
  }),
  output: z.object({
    issues: z.array(
      z.object({
        id: z.number().int(),
        /** In the caller's language when written, else English, else Italian, else any. */
        subject: z.string(),
        state: z.enum(ISSUE_STATES),
        missing: z.array(ZLanguage),
        scheduled_at: z.string().nullable(),
        created_at: z.string(),
        total: z.number().int(),
        done: z.number().int(),
        failed: z.number().int(),
      }),
    ),
    subscribers: z.object({ total: z.number().int(), by_language: z.record(z.string(), z.number().int()) }),
    ...ZPaging,
  }),
});

export const consoleNewsletterIssue = defineEndpoint({
  path: '/console/newsletter/issue',
  kind: 'read',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    "An issue with its texts, state and sending progress (done of total, each failed address with the server's answer), read from the database: the console polls it while the issue is being sent.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ issue: ZConsoleIssue }),
});

export const consoleNewsletterIssueCreate = defineEndpoint({
  path: '/console/newsletter/issue/create',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'Starts an issue as a draft with the subjects and bodies given per language (a small Markdown: paragraphs, # headings, - lists).',
  input: z.object({ lng: ZLanguageParam, subject: ZIssueText.default({}), body: ZIssueText.default({}) }),
  output: z.object({ issue: ZConsoleIssue }),
});

export const consoleNewsletterIssueUpdate = defineEndpoint({
  path: '/console/newsletter/issue/update',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'Changes the texts of a draft or scheduled issue; languages not given stay, a language given empty is removed. 409 ISSUE_ALREADY_SENT once its sending started.',
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    subject: ZIssueText.default({}),
    body: ZIssueText.default({}),
  }),
  output: z.object({ issue: ZConsoleIssue }),
});

export const consoleNewsletterIssuePreview = defineEndpoint({
  path: '/console/newsletter/issue/preview',
  kind: 'read',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'The mail a subscriber reading `language` would get, as it will be sent: subject, HTML and text, and the language it is written in (English, else Italian, for a missing one).',
  input: z.object({ lng: ZLanguageParam, id: ZId, language: ZLanguage }),
  output: z.object({
    language: ZLanguage,
    missing: z.array(ZLanguage),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
  }),
});

export const consoleNewsletterIssueTest = defineEndpoint({
  path: '/console/newsletter/issue/test',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    "Sends the issue as a subscriber of `language` would get it to the staff member's own address (it unsubscribes nobody).",
  input: z.object({ lng: ZLanguageParam, id: ZId, language: ZLanguage }),
  output: z.object({ to: z.string(), language: ZLanguage }),
});

export const consoleNewsletterIssueSchedule = defineEndpoint({
  path: '/console/newsletter/issue/schedule',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'Sends the issue through the job queue at `at`, or now without it, to the subscribers confirmed when the sending starts. It needs English or Italian whole (what missing languages get).',
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    at: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.iso.datetime({ offset: true, error: 'field.invalidDate' }).optional(),
    ),
  }),
  output: z.object({ issue: ZConsoleIssue }),
});

export const consoleNewsletterIssueCancel = defineEndpoint({
  path: '/console/newsletter/issue/cancel',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary: 'Cancels a draft or a scheduled issue; once its sending started it runs to its end (409).',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ issue: ZConsoleIssue }),
});

export const consoleNewsletterIssueResume = defineEndpoint({
  path: '/console/newsletter/issue/resume',
  kind: 'write',
  access: 'newsletter.send',
  tag: 'console',
  summary:
    'Queues the rest of a sending again after the mail server was away longer than the job retries; what was sent is not sent again. 409 ISSUE_NOT_SENDING otherwise.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ issue: ZConsoleIssue }),
});
