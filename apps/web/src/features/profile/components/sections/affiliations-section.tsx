import { lazy, Suspense } from 'react';

import type { Affiliation } from '@pathways/shared/profile/sections.schemas';

import { useAffiliationMutations } from '../../api/affiliations';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { formatRange, joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';

const AffiliationDialog = lazy(() =>
  import('./affiliation-dialog').then((m) => ({ default: m.AffiliationDialog })),
);

/** Societies, clubs and professional bodies (anchor #affiliations). */
export function AffiliationsSection({ affiliations }: { affiliations: Affiliation[] }) {
  const { remove } = useAffiliationMutations();
  const editor = useSectionEditor<Affiliation>({ remove: remove.mutateAsync, name: 'membership' });
  return (
    <>
      <SectionCard
        id="affiliations"
        title="Memberships"
        description="Societies, clubs, church or community groups and professional bodies."
        addLabel="Add membership"
        onAdd={editor.add}
        empty="No memberships added yet."
      >
        {affiliations.map((item) => (
          <SectionEntry
            key={item.id}
            title={item.organizationName}
            details={joinParts(item.role, formatRange(item.startsAt, item.endsAt))}
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.askDelete(item)}
          />
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <AffiliationDialog
            item={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting?.organizationName ?? 'this membership'}?`}
        text="This membership is removed from your profile."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
