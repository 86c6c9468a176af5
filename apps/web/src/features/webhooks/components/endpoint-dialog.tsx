import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import {
  webhookEventDescriptions,
  webhookEventType,
  webhookEventTypes,
  type SubscribableEventType,
} from '@pathways/shared/webhooks/webhooks.events';
import {
  newWebhookEndpoint,
  webhookMessages,
  type WebhookEndpoint,
} from '@pathways/shared/webhooks/webhooks.schemas';

import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-fields';
import { useSnackbar } from '../../../components/ui/snackbar';
import { submitProblem } from '../../../lib/forms/server-errors';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhooks';

const form = z
  .object({
    url: newWebhookEndpoint.shape.url,
    description: newWebhookEndpoint.shape.description,
    all: z.boolean(),
    events: z.array(webhookEventType),
  })
  .refine((v) => v.all || v.events.length > 0, {
    path: ['events'],
    error: webhookMessages.events,
  });
type Input = z.input<typeof form>;
type Output = z.output<typeof form>;
const fields = ['url', 'description', 'events'] as const;

/**
 * "Add endpoint" or "Edit endpoint": the address, a description, and every event or a choice of
 * them. A new endpoint's secret is handed to `onCreated`, to be shown once.
 */
export function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated: (secret: string, url: string) => void;
}) {
  const eventsId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(form),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      all: !endpoint || endpoint.events === null,
      events: (endpoint?.events ?? []) as SubscribableEventType[],
    },
  });
  const all = useWatch({ control, name: 'all' });

  const onSubmit = handleSubmit(async (values) => {
    const events = values.all ? null : values.events;
    try {
      if (endpoint) {
        await update.mutateAsync({
          id: endpoint.id,
          changes: { url: values.url, description: values.description, events },
        });
        enqueueSnackbar('Endpoint saved.', { variant: 'success' });
        onClose();
      } else {
        const created = await create.mutateAsync({
          url: values.url,
          description: values.description,
          events,
        });
        onCreated(created.secret, created.endpoint.url);
      }
    } catch (error) {
      const problem = submitProblem(
        error,
        setError,
        fields,
        "The endpoint couldn't be saved. Please try again.",
      );
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  });

  return (
    <FormDialog
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      description="Pathways sends a signed POST to this https:// address when an event you choose happens."
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        label="Endpoint URL"
        type="url"
        required
        autoComplete="off"
        placeholder="https://hr.example.com/pathways/webhooks"
        registration={register('url')}
        fieldError={errors.url}
      />
      <FormTextField
        label="Description"
        autoComplete="off"
        registration={register('description')}
        fieldError={errors.description}
        helperText="What receives it, e.g. “HR system”"
      />
      <FormControl component="fieldset" error={Boolean(errors.events)}>
        <FormLabel component="legend" id={eventsId}>
          Events
        </FormLabel>
        <Controller
          control={control}
          name="all"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
              label="All events, including those added later"
            />
          )}
        />
        {!all && (
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <FormGroup aria-labelledby={eventsId} sx={{ pl: { xs: 1, sm: 3 } }}>
                {webhookEventTypes.map((type) => (
                  <FormControlLabel
                    key={type}
                    sx={{ alignItems: 'flex-start', mb: 0.5 }}
                    control={
                      <Checkbox
                        size="small"
                        sx={{ pt: 0.25 }}
                        checked={field.value.includes(type)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...field.value, type]
                              : field.value.filter((t) => t !== type),
                          )
                        }
                      />
                    }
                    label={
                      <span>
                        <code>{type}</code>
                        <br />
                        <small>{webhookEventDescriptions[type]}</small>
                      </span>
                    }
                  />
                ))}
              </FormGroup>
            )}
          />
        )}
        {errors.events && <FormHelperText>{errors.events.message}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
