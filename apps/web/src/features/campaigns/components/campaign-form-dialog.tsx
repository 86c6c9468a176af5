import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useController, useForm, useWatch, type Resolver } from 'react-hook-form';

import { suggestSlug } from '@pathways/shared/campaigns/campaign-slug';
import {
  campaignCopyKeys,
  campaignCopyLimits,
  campaignInput,
  type CampaignCopyKey,
  type CampaignInput,
  type CampaignValues,
  type ClientCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { DateField, PARTIAL_DATE, SectionDialog } from '../../profile';
import { useCreateCampaign, useUpdateCampaign } from '../api/client-campaigns';
import { dayOf, momentOfDay } from '../utils/campaign-dates';

const copyLabels: Record<CampaignCopyKey, { label: string; hint: string; rows?: number }> = {
  headline: { label: 'Headline', hint: 'The big heading; the campaign name when empty' },
  tagline: { label: 'Tagline', hint: 'The line under it; the description when empty', rows: 2 },
  body: { label: 'About the programme', hint: 'A longer paragraph, shown when set', rows: 4 },
  signupTitle: { label: 'Sign-up heading', hint: 'Above the sign-up call at the end' },
  signupText: { label: 'Sign-up text', hint: 'What signing up gives the candidate', rows: 2 },
  signupButton: { label: 'Sign-up button', hint: "“Sign up, it's free” when empty" },
};

const formFields = [
  'name',
  'slug',
  'description',
  'opportunityId',
  'startsAt',
  'endsAt',
  'aliases',
  ...campaignCopyKeys.map((key) => `copy.${key}`),
];

function defaultsOf(campaign: ClientCampaign | null): CampaignInput {
  return {
    name: campaign?.name ?? '',
    slug: campaign?.slug ?? '',
    description: campaign?.description ?? '',
    opportunityId: campaign?.opportunity?.id ?? null,
    startsAt: dayOf(campaign?.startsAt),
    endsAt: dayOf(campaign?.endsAt),
    aliases: campaign?.aliases ?? [],
    copy: Object.fromEntries(campaignCopyKeys.map((key) => [key, campaign?.copy[key] ?? ''])),
  };
}

const schemaResolver = zodResolver(campaignInput);
const wholeDate = { type: 'custom', message: 'must be a whole date (day, month and year)' };

/**
 * The form holds the dates as picked days; the campaign runs from the start of its first day to
 * the end of its last, and the shared schema checks the moments (an end after the start).
 */
const resolver: Resolver<CampaignInput, unknown, CampaignValues> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(
    {
      ...values,
      startsAt: momentOfDay(values.startsAt, 'start'),
      endsAt: momentOfDay(values.endsAt, 'end'),
    },
    context,
    options,
  );
  // A date typed only in part is not a date yet.
  const partial = (['startsAt', 'endsAt'] as const).filter((key) => values[key] === PARTIAL_DATE);
  if (partial.length === 0) return result;
  return {
    values: {},
    errors: { ...result.errors, ...Object.fromEntries(partial.map((key) => [key, wholeDate])) },
  };
};

/** Create a campaign or change one: its name, link, opportunity, short paths and page words. */
export function CampaignFormDialog({
  campaign,
  opportunities,
  onClose,
}: {
  campaign: ClientCampaign | null;
  opportunities: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const [formError, setFormError] = useState<string | null>(null);
  // A new campaign's slug follows its name until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(campaign !== null);
  const form = useForm<CampaignInput, unknown, CampaignValues>({
    resolver,
    defaultValues: defaultsOf(campaign),
    mode: 'onTouched',
  });
  const { errors, dirtyFields } = form.formState;
  const startsAt = useWatch({ control: form.control, name: 'startsAt' });
  const opportunity = useController({ control: form.control, name: 'opportunityId' });
  const aliases = useController({ control: form.control, name: 'aliases' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // The campaign's own opportunity stays a choice even when the list does not name it.
  const choices =
    campaign?.opportunity && !opportunities.some((o) => o.id === campaign.opportunity!.id)
      ? [campaign.opportunity, ...opportunities]
      : opportunities;

  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) form.setValue('slug', suggestSlug(event.target.value));
    },
  });
  const slugField = form.register('slug', { onChange: () => setSlugEdited(true) });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (campaign) {
        // A date left as it was keeps its exact moment (a campaign may end at noon).
        const { startsAt, endsAt, ...rest } = values;
        const patch = {
          ...rest,
          ...(dirtyFields.startsAt ? { startsAt } : {}),
          ...(dirtyFields.endsAt ? { endsAt } : {}),
        };
        await update.mutateAsync({ slug: campaign.slug, patch });
      } else {
        await create.mutateAsync(values);
      }
      enqueueSnackbar(campaign ? 'The campaign was saved' : 'The campaign was created', {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (isAbortError(error)) return;
      const leftover = applyServerErrors(error, form.setError, formFields);
      setFormError(leftover.length > 0 ? leftover.join(' ') : null);
      enqueueSnackbar('The campaign could not be saved', { variant: 'error' });
    }
  });

  return (
    <SectionDialog
      title={campaign ? 'Edit campaign' : 'New campaign'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
      formError={formError}
    >
      <FormTextField label="Name" required registration={nameField} fieldError={errors.name} />
      <FormTextField
        label="Link name"
        required
        registration={slugField}
        fieldError={errors.slug}
        helperText={`Lowercase letters, digits and hyphens. The page: ${origin}/campaign/${slug || '…'}`}
        // Filled in from the name as the user types it, so the label stays above the value.
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { autoCapitalize: 'none', spellCheck: false },
        }}
      />
      <TextField
        select
        label="For"
        name={opportunity.field.name}
        inputRef={opportunity.field.ref}
        value={opportunity.field.value === null ? '' : String(opportunity.field.value)}
        onChange={(event) =>
          opportunity.field.onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        onBlur={opportunity.field.onBlur}
        error={Boolean(errors.opportunityId)}
        helperText={
          errors.opportunityId?.message ?? 'The whole organization, or one of its opportunities'
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">The whole organization</MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice.id} value={String(choice.id)}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        control={form.control}
        name="startsAt"
        label="Starts on"
        helperText="Optional: the first day of the campaign"
      />
      <DateField
        control={form.control}
        name="endsAt"
        label="Ends on"
        minDate={typeof startsAt === 'string' ? startsAt : null}
        helperText="Optional: the last day of the campaign"
      />
      <FormTextField
        label="Description"
        multiline
        minRows={2}
        registration={form.register('description')}
        fieldError={errors.description}
        helperText="Under the heading of the page, unless the tagline below says otherwise"
      />
      <Autocomplete<string, true, false, true>
        multiple
        freeSolo
        autoSelect
        options={[]}
        value={aliases.field.value ?? []}
        onChange={(_event, value) =>
          aliases.field.onChange(value.map((alias) => alias.trim()).filter(Boolean))
        }
        renderValue={(value, getItemProps) =>
          value.map((alias, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={alias} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Short paths"
            name={aliases.field.name}
            inputRef={aliases.field.ref}
            onBlur={aliases.field.onBlur}
            error={Boolean(errors.aliases)}
            helperText={
              errors.aliases?.message ??
              `Old codes such as ${origin}/ibgt that lead to this campaign. Type one and press Enter.`
            }
          />
        )}
      />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        Words on the page
      </Typography>
      {campaignCopyKeys.map((key) => {
        const { label, hint, rows } = copyLabels[key];
        return (
          <FormTextField
            key={key}
            label={label}
            registration={form.register(`copy.${key}`)}
            fieldError={errors.copy?.[key]}
            helperText={`${hint} (at most ${campaignCopyLimits[key]} characters)`}
            {...(rows ? { multiline: true, minRows: rows } : {})}
          />
        );
      })}
    </SectionDialog>
  );
}
