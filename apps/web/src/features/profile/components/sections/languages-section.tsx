import { lazy, Suspense } from 'react';

import {
  languageLevelLabels,
  type LanguageProficiency,
} from '@pathways/shared/profile/sections.schemas';

import { useLanguageProficiencyMutations } from '../../api/language-proficiencies';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { joinParts } from '../../utils/format';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';
import { SectionCard, SectionEntry } from '../form/section-card';

const LanguageDialog = lazy(() =>
  import('./language-dialog').then((m) => ({ default: m.LanguageDialog })),
);

/** Languages with reading, writing and speaking levels (anchor #languageProficiencies). */
export function LanguagesSection({ languages }: { languages: LanguageProficiency[] }) {
  const { remove } = useLanguageProficiencyMutations();
  const editor = useSectionEditor<LanguageProficiency>({
    remove: remove.mutateAsync,
    name: 'language',
  });
  return (
    <>
      <SectionCard
        id="languageProficiencies"
        title="Languages"
        addLabel="Add language"
        onAdd={editor.add}
        empty="No languages added yet."
      >
        {languages.map((item) => (
          <SectionEntry
            key={item.id}
            title={item.language}
            details={joinParts(
              item.reading && `Reading: ${languageLevelLabels[item.reading]}`,
              item.writing && `Writing: ${languageLevelLabels[item.writing]}`,
              item.speaking && `Speaking: ${languageLevelLabels[item.speaking]}`,
            )}
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.askDelete(item)}
          />
        ))}
      </SectionCard>
      {editor.editing && (
        <Suspense fallback={null}>
          <LanguageDialog
            item={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting?.language ?? 'this language'}?`}
        text="This language is removed from your profile."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}
