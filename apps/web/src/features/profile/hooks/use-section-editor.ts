import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

/** Which entry of a section is being added, edited or deleted, and the deletion itself. */
export function useSectionEditor<TItem extends { id: number }>({
  remove,
  name,
}: {
  remove: (id: number) => Promise<unknown>;
  /** "experience": in the messages ("The experience was deleted"). */
  name: string;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<TItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TItem | null>(null);
  const [pending, setPending] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await remove(deleting.id);
      enqueueSnackbar(`The ${name} was deleted`, { variant: 'success' });
    } catch {
      enqueueSnackbar(`There was a problem deleting the ${name}`, { variant: 'error' });
    } finally {
      setPending(false);
      setDeleting(null);
    }
  };

  return {
    editing,
    add: () => setEditing('new'),
    edit: (item: TItem) => setEditing(item),
    closeEditor: () => setEditing(null),
    deleting,
    askDelete: (item: TItem) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => void confirmDelete(),
    deletePending: pending,
  };
}
