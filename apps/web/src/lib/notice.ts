/**
 * A one-time message for the next page, carried in the navigation's history state: "Your
 * password was changed, please log in again" on the login page, "Your account was deleted" on
 * the home page. The layout shows it; the feature that navigates words it.
 */
export type NoticeState = { notice: string };

export const withNotice = (notice: string): { state: NoticeState } => ({ state: { notice } });

export function readNotice(state: unknown): string | undefined {
  const notice = (state as Partial<NoticeState> | null)?.notice;
  return typeof notice === 'string' && notice ? notice : undefined;
}
