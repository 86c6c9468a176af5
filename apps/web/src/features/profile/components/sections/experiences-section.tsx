import { lazy, Suspense } from 'react';

import { experienceKindLabels, type Experience } from '@pathways/shared/profile/sections.schemas';

import { useExperienceMutations } from '../../api/experiences';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { formatRange, joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';

const ExperienceDialog = lazy(() =>
  import('./experience-dialog').then((m) => ({ default: m.ExperienceDialog })),
);

/** Work and volunteering experience (anchor #experiences). */
export function ExperiencesSection({ experiences }: { experiences: Experience[] }) {
  const { remove } = useExperienceMutations();
  const editor = useSectionEditor<Experience>({ remove: remove.mutateAsync, name: 'experience' });
  return (
    <>
      <SectionCard
        id="experiences"
        title="Work and volunteering experience"
        description="Holiday jobs, tutoring, community work and projects all count."
        addLabel="Add experience"
        onAdd={editor.add}
        empty="No experience added yet."
      >
        {experiences.map((item) => (
          <SectionEntry
            key={item.id}
            title={item.title}
            details={joinParts(
              item.organizationName,
              experienceKindLabels[item.kind],
              formatRange(item.startsAt, item.endsAt, item.current),
            )}
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.askDelete(item)}
          />
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <ExperienceDialog
            experience={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting?.title ?? 'this experience'}?`}
        text="This experience is removed from your profile."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
