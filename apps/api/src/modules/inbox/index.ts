/** What other modules and the app's wiring may use of the inbox (ADR 011); its other files are its own. */
export type { ReplyAddresses } from './reply-addresses.ts';
export { replyToThread } from './reply-to-thread.ts';
export { registerInboxRoutes } from './routes.ts';
export {
  assignThread,
  closeThread,
  getThread,
  type InboxActor,
  type InboxChange,
  listInbox,
  type OnInboxChange,
  reopenThread,
} from './service.ts';
export { startInboxAnswers } from './start-inbox-answers.ts';
