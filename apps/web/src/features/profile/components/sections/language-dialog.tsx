import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  languageLevelLabels,
  languageProficiencyCreateBody,
  type LanguageProficiency,
} from '@pathways/shared/profile/sections.schemas';

import { useLanguageProficiencyMutations } from '../../api/language-proficiencies';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { SectionDialog } from '../form/section-dialog';
import { optionsOf, SelectField } from '../form/select-field';

const languageInput = languageProficiencyCreateBody.shape.languageProficiency;
type Values = z.input<typeof languageInput>;

// South Africa's official languages first; any other can be typed.
const suggestions = [
  'English',
  'isiZulu',
  'isiXhosa',
  'Afrikaans',
  'Sepedi',
  'Setswana',
  'Sesotho',
  'Xitsonga',
  'siSwati',
  'Tshivenda',
  'isiNdebele',
  'South African Sign Language',
  'French',
  'Portuguese',
  'Swahili',
  'Shona',
];

const levelOptions = optionsOf(languageLevelLabels);
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** Add or change a language with its reading, writing and speaking levels. */
export function LanguageDialog({
  item,
  onClose,
}: {
  item: LanguageProficiency | null;
  onClose: () => void;
}) {
  const { create, update } = useLanguageProficiencyMutations();
  const form = useForm<Values, unknown, z.output<typeof languageInput>>({
    resolver: zodResolver(languageInput),
    defaultValues: {
      language: item?.language ?? '',
      reading: item?.reading ?? null,
      writing: item?.writing ?? null,
      speaking: item?.speaking ?? null,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const { field } = useController({ control: form.control, name: 'language' });
  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input),
    success: item ? 'The language was updated' : 'The language was added',
    failure: item
      ? 'There was a problem updating the language'
      : 'There was a problem adding the language',
    onDone: onClose,
  });
  return (
    <SectionDialog
      title={item ? 'Edit language' : 'Add a language'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <Autocomplete<string, false, false, true>
        id="language"
        freeSolo
        options={suggestions}
        inputValue={field.value ?? ''}
        onInputChange={(_event, value) => field.onChange(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Language"
            required
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            error={Boolean(errors.language)}
            helperText={errors.language?.message}
          />
        )}
      />
      <Box
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
      >
        {(['reading', 'writing', 'speaking'] as const).map((skill) => (
          <SelectField
            key={skill}
            label={skill[0]!.toUpperCase() + skill.slice(1)}
            registration={form.register(skill, { setValueAs: emptyToNull })}
            fieldError={errors[skill]}
            emptyLabel="Not given"
            options={levelOptions}
          />
        ))}
      </Box>
    </SectionDialog>
  );
}
