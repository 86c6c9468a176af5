import { z } from 'zod';

import { idParam } from '../applications/applications.schemas.ts';
import { text } from '../common/text.ts';

/** Message notifications stay in the bell until the message is read; nobody dismisses them. */
export const MESSAGE_NOTIFICATION_TYPE = 'message';
export const NOT_DISMISSABLE_MESSAGE = 'A message notification goes away when the message is read';

export const notificationIdParam = idParam;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationItem = z.object({
  id: z.number().int(),
  type: text(),
  description: text(),
  image: z.string().nullable(),
  path: z.string().nullable(),
  notifiedAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListResponse = z.object({
  items: z.array(notificationItem),
  page: z.number().int(),
  per: z.number().int(),
  /** Every active (not dismissed) notification of the user, for the bell's count. */
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

/** PATCH body: the one change a candidate makes to a notification is dismissing it. */
export const dismissNotificationBody = z.object({ type: z.literal('dismiss') });
export type DismissNotificationBody = z.infer<typeof dismissNotificationBody>;

export const dismissNotificationResponse = z.object({ notification: notificationItem });

/** Where a click on the notification leads: message notifications open the inbox. */
export function notificationTarget(n: Pick<NotificationItem, 'type' | 'path'>): string | null {
  if (n.type === MESSAGE_NOTIFICATION_TYPE) return '/candidate/messages';
  return n.path;
}

/** The notification types also sent by e-mail that a candidate can turn off, with their labels. */
export const mailableNotificationTypes = {
  'eligibility.became_eligible': 'When I come to qualify for an open opportunity',
} as const;
export type MailableNotificationType = keyof typeof mailableNotificationTypes;
const mailableTypes = Object.keys(mailableNotificationTypes) as [MailableNotificationType];

export const mailPreferencesResponse = z.object({
  preferences: z.array(
    z.object({ type: z.enum(mailableTypes), label: text(), email: z.boolean() }),
  ),
});
export type MailPreferences = z.infer<typeof mailPreferencesResponse>;

export const updateMailPreferencesBody = z.object({
  preferences: z.array(z.object({ type: z.enum(mailableTypes), email: z.boolean() })).max(20),
});
export type UpdateMailPreferences = z.infer<typeof updateMailPreferencesBody>;

export const unsubscribeQuery = z.object({ token: text().max(200) });
export const unsubscribeResponse = z.object({ message: text() });
export const UNSUBSCRIBED_MESSAGE =
  'You will no longer receive these e-mails. You can turn them on again on your account page.';
