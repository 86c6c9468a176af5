import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  applicantsWithoutText,
  bundleContentsText,
  documentBundleMessages,
  documentCountOf,
  newDocumentBundle,
  type DocumentBundleContents,
} from '@pathways/shared/document-bundles/document-bundles.schemas';
import {
  documentKindLabels,
  documentKinds,
  type DocumentKind,
} from '@pathways/shared/documents/documents.schemas';

import { FormDialog } from '../../../components/ui/form-dialog';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useBlindReview } from '../../applicant-view';
import { useDocumentBundleContents, useRequestDocumentBundle } from '../api/document-bundles';
import { applicantCount } from '../utils/format';
import { RecentBundles } from './recent-bundles';

const kindsForm = newDocumentBundle.pick({ documentKinds: true });
type Input = z.input<typeof kindsForm>;
type Output = z.output<typeof kindsForm>;

/**
 * "Request documents": the kinds of document wanted (all to begin with) for the chosen
 * applicants; on success the zip is queued and its download link is e-mailed to the user.
 */
export function RequestBundleDialog({
  opportunityId,
  applicationIds,
  onClose,
}: {
  opportunityId: number;
  applicationIds: readonly number[];
  onClose: () => void;
}) {
  const helperId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestDocumentBundle();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(kindsForm),
    defaultValues: { documentKinds: [...documentKinds] },
  });
  const { field, fieldState } = useController({ control, name: 'documentKinds' });
  const chosen = new Set(Array.isArray(field.value) ? (field.value as DocumentKind[]) : []);
  const error = fieldState.error?.message;

  const contents = useDocumentBundleContents({
    opportunityId,
    applicationIds: [...applicationIds],
    documentKinds: documentKinds.filter((kind) => chosen.has(kind)),
  });
  const empty = contents.data !== undefined && documentCountOf(contents.data) === 0;

  const toggle = (kind: DocumentKind, checked: boolean) =>
    field.onChange(documentKinds.filter((k) => (k === kind ? checked : chosen.has(k))));

  const onSubmit = handleSubmit(async ({ documentKinds: kinds }) => {
    try {
      await request.mutateAsync({
        opportunityId,
        applicationIds: [...applicationIds],
        documentKinds: kinds,
      });
      enqueueSnackbar(documentBundleMessages.queued, { variant: 'success' });
      onClose();
    } catch (failure) {
      if (isAbortError(failure)) return;
      const kindErrors = isApiError(failure) ? failure.fieldErrors.documentKinds : undefined;
      if (kindErrors?.length) {
        setError('documentKinds', { type: 'server', message: kindErrors.join(' ') });
      }
      enqueueSnackbar(documentBundleMessages.failed, { variant: 'error' });
    }
  });

  const count = applicantCount(applicationIds.length);
  return (
    <FormDialog
      title="Request documents"
      description={`The documents of ${count} will be put in one zip file, a folder for each applicant. We e-mail you a download link when it is ready; the link works for 7 days.`}
      submitLabel="Request bundle"
      submitting={isSubmitting}
      submitDisabled={empty}
      onSubmit={onSubmit}
      onClose={onClose}
      maxWidth="xs"
    >
      <FormControl component="fieldset" error={Boolean(error)} aria-describedby={helperId}>
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          Documents to include
        </FormLabel>
        <FormGroup>
          {documentKinds.map((kind, index) => (
            <FormControlLabel
              key={kind}
              label={documentKindLabels[kind]}
              control={
                <Checkbox
                  checked={chosen.has(kind)}
                  onChange={(event) => toggle(kind, event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      ...(index === 0 ? { ref: field.ref } : {}),
                      'aria-invalid': Boolean(error),
                    } as object,
                  }}
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
          {error ?? 'Choose one or more kinds.'}
        </FormHelperText>
      </FormControl>
      {chosen.size > 0 && <BundleContents contents={contents.data} failed={contents.isError} />}
      <RecentBundles opportunityId={opportunityId} />
    </FormDialog>
  );
}

/**
 * What the bundle will hold for the kinds chosen: how many documents from how many of the
 * applicants, and who has none; when nobody has any, that there is nothing to bundle. Names
 * follow blind review.
 */
function BundleContents({
  contents,
  failed,
}: {
  contents: DocumentBundleContents | undefined;
  failed: boolean;
}) {
  const { blind } = useBlindReview();
  if (failed) {
    return <Alert severity="warning">What the bundle will hold could not be counted.</Alert>;
  }
  if (!contents) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Counting the documents…
      </Typography>
    );
  }
  if (documentCountOf(contents) === 0) {
    return (
      <Alert severity="warning" role="status">
        {documentBundleMessages.nothingToBundle}.
      </Alert>
    );
  }
  const without = applicantsWithoutText(
    contents,
    blind ? (applicant) => `Applicant #${applicant.applicationId}` : undefined,
  );
  return (
    <Typography variant="body2" role="status" aria-label="What the bundle will hold">
      The bundle will hold {bundleContentsText(contents)}.{without ? ` ${without}` : ''}
    </Typography>
  );
}
