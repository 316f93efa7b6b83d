/** What other modules and the app's wiring may use of alerts (ADR 011); its other files are its own. */

export { ALERTS_SEND_QUEUE, evaluateAlerts } from './evaluate.ts';
export { configuredPushSender, startAlertJobs } from './jobs.ts';
export { registerAlertRoutes, registerAlertRunRoute } from './routes.ts';
export { pushToMember } from './send.ts';
export { eraseMemberAlerts, forgetMemberDevices, forgetSessionDevices } from './service.ts';
