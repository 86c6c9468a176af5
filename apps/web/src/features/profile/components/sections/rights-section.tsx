import { lazy, Suspense } from 'react';

import { countryName } from '@pathways/shared/reference/countries';
import { rightKindLabels, type Right } from '@pathways/shared/profile/sections.schemas';

import { useRightMutations, type RightSection } from '../../api/rights';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { formatDay, joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';
import { rightsCopy } from './rights-copy';

const RightDialog = lazy(() => import('./right-dialog').then((m) => ({ default: m.RightDialog })));

/** Study rights or work rights (anchors #studyRights, #workRights). */
export function RightsSection({ section, rights }: { section: RightSection; rights: Right[] }) {
  const { remove } = useRightMutations(section);
  const { title, description, noun, add } = rightsCopy[section];
  const editor = useSectionEditor<Right>({ remove: remove.mutateAsync, name: noun });
  const name = (item: Right) => countryName(item.countryCode) ?? item.countryCode;
  return (
    <>
      <SectionCard
        id={section}
        title={title}
        description={description}
        addLabel={add}
        onAdd={editor.add}
        empty={`No ${noun}s added yet.`}
      >
        {rights.map((item) => (
          <SectionEntry
            key={item.id}
            title={name(item)}
            details={joinParts(
              rightKindLabels[item.kind],
              item.validUntil && `valid until ${formatDay(item.validUntil)}`,
            )}
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.askDelete(item)}
          />
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <RightDialog
            section={section}
            item={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete the ${noun} for ${editor.deleting ? name(editor.deleting) : 'this country'}?`}
        text={`This ${noun} is removed from your profile.`}
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
