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

/**
 * The e-mails about an application or a conversation, each a type a user can turn off (on the
 * account page, or with the one-click link every such e-mail carries). The type names the e-mail,
 * not the bell notification: the bell shows everything either way. Transactional e-mails
 * (address confirmation, password reset, an invitation to a client account) are not among them
 * and are always sent.
 */
export const mailTypes = {
  'eligibility.became_eligible': {
    role: 'candidate',
    label: 'When I come to qualify for an open opportunity',
    stops: 'e-mails telling you that you now qualify for an open opportunity',
  },
  'opportunity.invite': {
    role: 'candidate',
    label: 'When an organization invites me to apply',
    stops: 'e-mails telling you that an organization invites you to apply',
  },
  'application.phase_move': {
    role: 'candidate',
    label: 'When my application moves to its next step',
    stops: 'e-mails telling you that your application moved to its next step',
  },
  'application.regret': {
    role: 'candidate',
    label: 'When an organization does not take my application further',
    stops:
      'e-mails telling you that an organization did not take your application further, with opportunities open to you',
  },
  feedback_request: {
    role: 'client',
    label: 'When a colleague asks my opinion on applicants',
    stops: 'e-mails telling you that a colleague shared applicants with you',
  },
} as const satisfies Record<string, { role: 'candidate' | 'client'; label: string; stops: string }>;
export type MailType = keyof typeof mailTypes;
const allMailTypes = Object.keys(mailTypes) as [MailType, ...MailType[]];
export const mailTypeSchema = z.enum(allMailTypes);

/** The e-mail types a user of this role receives (and so may turn off), in the page's order. */
export function mailTypesOf(role: string): MailType[] {
  return allMailTypes.filter((type) => mailTypes[type].role === role);
}

export const WRONG_MAIL_TYPE_MESSAGE = 'Is not an e-mail you receive';

export const mailPreferencesResponse = z.object({
  preferences: z.array(z.object({ type: mailTypeSchema, label: text(), email: z.boolean() })),
});
export type MailPreferences = z.infer<typeof mailPreferencesResponse>;

export const updateMailPreferencesBody = z.object({
  preferences: z.array(z.object({ type: mailTypeSchema, email: z.boolean() })).max(20),
});
export type UpdateMailPreferences = z.infer<typeof updateMailPreferencesBody>;

export const unsubscribeQuery = z.object({ token: text().max(200) });
export const unsubscribeResponse = z.object({ message: text() });
/** What an unsubscribe link turns off, for the page a browser opens from it. */
export const unsubscribeInfoResponse = z.object({ type: mailTypeSchema, stops: text() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoResponse>;
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. It may have been copied incompletely; you can choose your e-mails on your account page after logging in.';
export const UNSUBSCRIBED_MESSAGE =
  'You will no longer receive these e-mails. You can turn them on again on your account page.';
