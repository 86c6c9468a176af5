import {
  MESSAGE_NOTIFICATION_TYPE,
  NOT_DISMISSABLE_MESSAGE,
  type NotificationItem,
  type NotificationList,
  type NotificationListQuery,
} from '@pathways/shared/notifications/notifications.schemas';

import type { DbOrTx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import * as repo from './notifications.repository.ts';

export type { NewNotification } from './notifications.repository.ts';

/** The one place notifications are written: every feature that notifies a user calls this. */
export async function notify(db: DbOrTx, rows: readonly repo.NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await repo.insertNotifications(db, rows);
}

function toItem(row: repo.NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    image: row.image,
    path: row.path,
    notifiedAt: row.notifiedAt.toISOString(),
  };
}

export function createNotificationsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;
  return {
    async list(actor: Actor, query: NotificationListQuery): Promise<NotificationList> {
      const { items, total } = await repo.listActive(db, actor.userId, query.page, query.per);
      return { items: items.map(toItem), page: query.page, per: query.per, total };
    },

    async dismiss(actor: Actor, id: number): Promise<NotificationItem> {
      return db.transaction(async (tx) => {
        const row = await repo.findOwn(tx, actor.userId, id);
        if (!row) throw notFound();
        if (row.type === MESSAGE_NOTIFICATION_TYPE)
          throw fieldError('type', NOT_DISMISSABLE_MESSAGE);
        if (row.dismissedAt) return toItem(row);
        const updated = await repo.markDismissed(tx, id, now());
        return toItem(updated ?? row);
      });
    },
  };
}
