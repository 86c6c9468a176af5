import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';

import type {
  ProfileQualification,
  ProfileQualificationComponent,
} from '@pathways/shared/profile/sections.schemas';

import { useQualificationComponentMutations } from '../../api/qualification-components';
import { useSectionEditor } from '../../hooks/use-section-editor';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog';

const SubjectDialog = lazy(() =>
  import('./subject-dialog').then((m) => ({ default: m.SubjectDialog })),
);

/** The subjects (components) of one qualification with their marks. */
export function SubjectsList({ qualification }: { qualification: ProfileQualification }) {
  const { remove } = useQualificationComponentMutations(qualification.id);
  const editor = useSectionEditor<ProfileQualificationComponent>({
    remove: remove.mutateAsync,
    name: 'subject',
  });
  const subjects = qualification.components;
  return (
    <Box
      sx={{ mt: 1, pl: { xs: 0, sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Subjects and marks
      </Typography>
      {subjects.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {subjects.map((subject) => (
            <Box
              component="li"
              key={subject.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {subject.name}
              </Typography>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, minWidth: 44, textAlign: 'right' }}
              >
                {subject.mark === null ? '–' : `${subject.mark}%`}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Edit ${subject.name}`}
                onClick={() => editor.edit(subject)}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Delete ${subject.name}`}
                onClick={() => editor.askDelete(subject)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No subjects yet.
        </Typography>
      )}
      <Button size="small" startIcon={<Add />} onClick={editor.add} sx={{ mt: 0.5 }}>
        Add a subject
      </Button>
      {editor.editing && (
        <Suspense fallback={null}>
          <SubjectDialog
            qualification={qualification}
            subject={editor.editing === 'new' ? null : editor.editing}
            onClose={editor.closeEditor}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        open={editor.deleting !== null}
        title={`Delete ${editor.deleting?.name ?? 'this subject'}?`}
        text="The subject and its mark are removed from this qualification."
        pending={editor.deletePending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </Box>
  );
}
