import { lazy, Suspense } from 'react';

import type { Achievement } from '@pathways/shared/profile/sections.schemas';

import { useAchievementMutations } from '../../api/achievements';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { formatDay, joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';

const AchievementDialog = lazy(() =>
  import('./achievement-dialog').then((m) => ({ default: m.AchievementDialog })),
);

/** Awards, prizes and other achievements (anchor #achievements). */
export function AchievementsSection({ achievements }: { achievements: Achievement[] }) {
  const { remove } = useAchievementMutations();
  const editor = useSectionEditor<Achievement>({ remove: remove.mutateAsync, name: 'achievement' });
  return (
    <>
      <SectionCard
        id="achievements"
        title="Achievements"
        description="Awards, prizes, leadership roles and other things you are proud of."
        addLabel="Add achievement"
        onAdd={editor.add}
        empty="No achievements added yet."
      >
        {achievements.map((item) => (
          <SectionEntry
            key={item.id}
            title={item.title}
            details={joinParts(formatDay(item.achievedAt), item.description)}
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.askDelete(item)}
          />
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <AchievementDialog
            item={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting?.title ?? 'this achievement'}?`}
        text="This achievement is removed from your profile."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
