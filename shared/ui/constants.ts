/** Interface constants of the spec (section 9), shared by screens and tests. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const TABLE_PAGE_SIZE = 100;
export const SUCCESS_BANNER_MS = 3000;
export const CONFIRM_DELAY_MS = 500;
export const CONFIRM_KEYWORD = 'CONFIRM';
export const TOOLTIP_MAX_WIDTH = 350;
export const APP_VERSION = '10.13.3';

export const FEEDBACK_TYPES = ['error', 'info', 'success', 'warning', 'idle'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const DEFAULT_FEEDBACK_MESSAGES: Record<Exclude<FeedbackType, 'idle'>, string> = {
  error: 'Something went wrong. Please try again later',
  success: 'Your updates have been successfully saved',
  info: 'Information',
  warning: 'Warning',
};

export const ERROR_SCREEN = {
  title: 'Something Went Wrong',
  sectionMessage:
    'Looks like we hit a snag loading this section. You can try again, reload, or head back to your dashboard.',
  appMessage:
    'An unexpected error occurred. You can try again, reload the app, or report this issue to help us fix it.',
} as const;

/** File size display: KB above 1000 bytes, MB above 1,000,000, one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes > 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes > 1000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
