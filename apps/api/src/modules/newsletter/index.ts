/** What other modules and the app's wiring may use of newsletter (ADR 011); its other files are its own. */

export { registerConsoleNewsletterRoutes } from './console-routes.ts';
export { type IssueSendDeps, runIssueSend, startNewsletterJobs } from './issue-jobs.ts';
export { issueLanguageFor, missingLanguages } from './issue-mail.ts';
export {
  cancelIssue,
  createIssueDraft,
  getIssue,
  type IssueChange,
  type IssueInput,
  issueProgress,
  type NewsletterIssue,
  type NewsletterIssueDeps,
  previewIssue,
  resumeIssueSending,
  type StaffActor,
  scheduleIssue,
  sendIssueNow,
  sendTestIssue,
  updateIssueDraft,
} from './issues.ts';
export { registerNewsletterRoutes } from './routes.ts';
export { getMemberNewsletter, requestSubscription } from './service.ts';
