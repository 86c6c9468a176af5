import Chip from '@mui/material/Chip';
import { lazy, Suspense } from 'react';

import { profileQualificationAnchor } from '@pathways/shared/navigation/profile-links';
import {
  qualificationStatusLabels,
  type ProfileQualification,
} from '@pathways/shared/profile/sections.schemas';

import { useProfileQualificationMutations } from '../../api/profile-qualifications';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { formatRange, joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';
import { SubjectsList } from './subjects-list';

const QualificationDialog = lazy(() =>
  import('./qualification-dialog').then((m) => ({ default: m.QualificationDialog })),
);

export function qualificationTitle(q: ProfileQualification): string {
  return (
    q.qualification.specialization ?? q.qualification.qualificationType?.name ?? 'Qualification'
  );
}

/** Qualifications with their subjects (anchor #profileQualifications; each its own anchor). */
export function QualificationsSection({
  qualifications,
}: {
  qualifications: ProfileQualification[];
}) {
  const { remove } = useProfileQualificationMutations();
  const editor = useSectionEditor<ProfileQualification>({
    remove: remove.mutateAsync,
    name: 'qualification',
  });
  return (
    <>
      <SectionCard
        id="profileQualifications"
        title="Qualifications"
        description="Your matric and what you study, have completed or plan to study."
        addLabel="Add qualification"
        onAdd={editor.add}
        empty="No qualifications added yet. Start with your matric (National Senior Certificate)."
      >
        {qualifications.map((q) => (
          <SectionEntry
            key={q.id}
            id={profileQualificationAnchor(q.id)}
            title={qualificationTitle(q)}
            badge={
              q.verifiedAt ? (
                <Chip size="small" color="success" label="Verified" sx={{ ml: 1 }} />
              ) : undefined
            }
            details={joinParts(
              q.institution?.name ?? q.institutionName,
              q.qualification.specialization ? q.qualification.qualificationType?.name : null,
              q.status && qualificationStatusLabels[q.status],
              formatRange(q.startsAt, q.endsAt),
              q.gradeNormalized !== null && `Average ${q.gradeNormalized}%`,
            )}
            onEdit={() => editor.edit(q)}
            onDelete={() => editor.askDelete(q)}
          >
            <SubjectsList qualification={q} />
          </SectionEntry>
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <QualificationDialog
            qualification={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting ? qualificationTitle(editor.deleting) : 'this qualification'}?`}
        text="The qualification and its subjects are removed from your profile."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
