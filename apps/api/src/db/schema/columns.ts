import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension), for e-mail addresses and codes. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
