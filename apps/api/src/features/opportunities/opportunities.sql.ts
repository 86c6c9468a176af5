// SQL twins of the shared opportunity rules: each is held equal to its TypeScript rule by a test.
import { sql, type SQL } from 'drizzle-orm';

/**
 * isOpen() of the shared window rules, in SQL, on an opportunity row aliased `o`: opened before
 * `at`, and no closing moment or one after `at`. Always true or false, never null (no opening
 * date is not open), so it can be selected as well as filtered on. A test holds the two equal.
 */
export const isOpenSql = (at: SQL): SQL =>
  sql`(o.opens_at is not null and o.opens_at < ${at}
    and (o.closes_at is null or o.closes_at > ${at}))`;
