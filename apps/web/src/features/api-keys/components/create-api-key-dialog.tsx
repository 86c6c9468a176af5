import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { apiKeyAreas, type ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';
import { newApiKey, type CreatedApiKey } from '@pathways/shared/api-keys/api-keys.schemas';

import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-fields';
import { useSnackbar } from '../../../components/ui/snackbar';
import { submitProblem } from '../../../lib/forms/server-errors';
import { useCreateApiKey } from '../api/change-api-keys';
import { areaLabels } from './labels';

const levels = ['none', 'read', 'write'] as const;
const levelLabels = { none: 'None', read: 'Read', write: 'Write' } as const;
const expiries = { '30': '30 days', '90': '90 days', '365': '1 year', never: 'Never' } as const;
type Expiry = keyof typeof expiries;

// The form's own shape: one level per area (None closes it), and an expiry in days.
const form = z.object({
  name: newApiKey.shape.name,
  scopes: z
    .record(z.enum(apiKeyAreas), z.enum(levels))
    .transform((chosen): ApiKeyScopes =>
      Object.fromEntries(Object.entries(chosen).filter(([, level]) => level !== 'none')),
    )
    .pipe(newApiKey.shape.scopes),
  expiry: z.enum(Object.keys(expiries) as [Expiry, ...Expiry[]]),
});
type Input = z.input<typeof form>;
type Output = z.output<typeof form>;

/** The moment a key chosen now expires: `days` from now, or never. */
function expiryFromNow(expiry: Expiry): string | null {
  return expiry === 'never'
    ? null
    : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
}

// Narrow cells on a phone, so the grid of five areas and three levels fits 390 px.
const cellSx = { px: { xs: 0.5, sm: 2 } } as const;

const noScopes = Object.fromEntries(apiKeyAreas.map((area) => [area, 'none'])) as Input['scopes'];

/** The key's secret, once: a copy button and the warning that it is not shown again. */
function SecretShown({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      enqueueSnackbar('The key is copied.', { variant: 'success' });
    } catch {
      enqueueSnackbar("The key couldn't be copied: select it and copy it yourself.", {
        variant: 'error',
      });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Your new key “{created.apiKey.name}”</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">
          Copy this key now and keep it somewhere safe, such as your HR system’s secret store. It is
          shown only this once: Pathways keeps only a fingerprint of it.
        </Alert>
        <Box
          component="code"
          aria-label="API key"
          sx={{
            display: 'block',
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'grey.100',
            fontFamily: 'monospace',
            fontSize: '0.9rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {created.secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy key
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Create an API key": a name, a level per area (none, read or write) and an expiry. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const scopesId = useId();
  const expiryId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(form),
    defaultValues: { name: '', scopes: noScopes, expiry: '90' },
  });

  const onSubmit = handleSubmit(async ({ name, scopes, expiry }) => {
    const expiresAt = expiryFromNow(expiry);
    try {
      setCreated(await create.mutateAsync({ name, scopes, expiresAt }));
    } catch (error) {
      const problem = submitProblem(
        error,
        setError,
        ['name', 'scopes'],
        "The key couldn't be created. Please try again.",
      );
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  });

  if (created) return <SecretShown created={created} onClose={onClose} />;

  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <FormDialog
      title="Create an API key"
      description="A key lets another system, such as your HR system, use Pathways for your organization without anyone signing in. Give it only the access it needs."
      submitLabel="Create key"
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      paperProps={{ sx: { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } } }}
    >
      <FormTextField
        label="Name"
        helperText="What the key is for, e.g. “HR system sync”"
        autoComplete="off"
        required
        registration={register('name')}
        fieldError={errors.name}
        sx={{ mt: 1 }}
      />
      <Box>
        <Typography id={scopesId} component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          Access
        </Typography>
        <Table size="small" aria-labelledby={scopesId}>
          <TableHead>
            <TableRow>
              <TableCell sx={cellSx}>Area</TableCell>
              {levels.map((level) => (
                <TableCell key={level} align="center" sx={cellSx}>
                  {levelLabels[level]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {apiKeyAreas.map((area) => (
              <Controller
                key={area}
                control={control}
                name={`scopes.${area}`}
                render={({ field }) => (
                  <TableRow>
                    <TableCell component="th" scope="row" sx={cellSx}>
                      {areaLabels[area]}
                    </TableCell>
                    {levels.map((level) => (
                      <TableCell key={level} align="center" padding="none" sx={cellSx}>
                        <Radio
                          checked={field.value === level}
                          onChange={() => field.onChange(level)}
                          onBlur={field.onBlur}
                          name={`scope-${area}`}
                          value={level}
                          slotProps={{
                            input: {
                              'aria-label': `${areaLabels[area]}: ${levelLabels[level]}`,
                            },
                          }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                )}
              />
            ))}
          </TableBody>
        </Table>
        <FormHelperText error={Boolean(scopesError)}>
          {scopesError ?? 'Write also allows reading its area.'}
        </FormHelperText>
      </Box>
      <Controller
        control={control}
        name="expiry"
        render={({ field }) => (
          <FormControl fullWidth>
            <InputLabel id={expiryId}>Expires after</InputLabel>
            <Select
              labelId={expiryId}
              label="Expires after"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              {(Object.keys(expiries) as Expiry[]).map((value) => (
                <MenuItem key={value} value={value}>
                  {expiries[value]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
      />
    </FormDialog>
  );
}
