import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { achievementCreateBody, type Achievement } from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../../components/ui/form-fields';
import { useAchievementMutations } from '../../api/achievements';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { todayIso } from '../../utils/format';
import { DateField } from '../form/date-field';
import { SectionDialog } from '../form/section-dialog';

const achievementInput = achievementCreateBody.shape.achievement;
type Values = z.input<typeof achievementInput>;

/** Add or change an achievement. */
export function AchievementDialog({
  item,
  onClose,
}: {
  item: Achievement | null;
  onClose: () => void;
}) {
  const { create, update } = useAchievementMutations();
  const form = useForm<Values, unknown, z.output<typeof achievementInput>>({
    resolver: zodResolver(achievementInput),
    defaultValues: {
      title: item?.title ?? '',
      description: item?.description ?? '',
      achievedAt: item?.achievedAt ?? null,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input),
    success: item ? 'The achievement was updated' : 'The achievement was added',
    failure: item
      ? 'There was a problem updating the achievement'
      : 'There was a problem adding the achievement',
    onDone: onClose,
  });
  return (
    <SectionDialog
      title={item ? 'Edit achievement' : 'Add an achievement'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <FormTextField
        label="Achievement"
        required
        registration={form.register('title')}
        fieldError={errors.title}
        helperText="For example: Dean's list 2024, first place in a science fair"
      />
      <DateField
        control={form.control}
        name="achievedAt"
        label="When (optional)"
        maxDate={todayIso()}
      />
      <FormTextField
        label="Tell us more (optional)"
        multiline
        minRows={3}
        registration={form.register('description')}
        fieldError={errors.description}
      />
    </SectionDialog>
  );
}
