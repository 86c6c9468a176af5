-- Every recomputation rewrites eligibility rows (each check moves its checked_at): pages kept 30 %
-- free let a row's new version stay on its page without new index entries (a heap-only update),
-- and the page's dead versions are pruned as it is read. New and moved rows fill pages to 70 %.
ALTER TABLE "eligibilities" SET (fillfactor = 70);
