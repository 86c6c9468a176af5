import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';

import { formatWholeNumber } from '@pathways/shared/common/numbers';

import {
  financialSurveyInput,
  financialSurveyMessages as m,
  fundingStatuses,
  fundingStatusLabels,
  incomeBands,
  incomeBandLabels,
  MOTIVATION_MAX_CHARS,
  OTHER_FUNDING_MAX,
  studyFunderLabels,
  studyFunders,
  type FinancialSurveyAnswers,
  type FinancialSurveyResponse,
  type FundingStatus,
  type IncomeBand,
  type StudyFunder,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useFinancialSurvey, useSaveFinancialSurvey } from '../api/financial-survey';
import { formatDate } from '../utils/format';
import { applyServerErrors } from '../utils/server-errors';

/** The anchor the to-do list's "Submit financial needs survey" links to. */
export const FINANCIAL_SURVEY_ANCHOR = 'financial-survey';
const HEADING_ID = 'financial-survey-heading';

/** What the form holds: numbers as typed, checked boxes, the funding rows. */
interface SurveyFormValues {
  householdSize: string;
  incomeBand: IncomeBand | '';
  dependants: string;
  studyFunders: StudyFunder[];
  otherFunding: { name: string; status: FundingStatus; amount: string }[];
  motivation: string;
}

const surveyFields = [
  'householdSize',
  'incomeBand',
  'dependants',
  'studyFunders',
  'otherFunding',
  'motivation',
];

function formValuesOf(survey: FinancialSurveyAnswers | null): SurveyFormValues {
  return {
    householdSize: survey ? String(survey.householdSize) : '',
    incomeBand: survey?.incomeBand ?? '',
    dependants: survey ? String(survey.dependants) : '',
    studyFunders: survey?.studyFunders ?? [],
    otherFunding: (survey?.otherFunding ?? []).map((f) => ({
      name: f.name,
      status: f.status,
      amount: f.amount === null ? '' : String(f.amount),
    })),
    motivation: survey?.motivation ?? '',
  };
}

const rand = (amount: number) => `R${formatWholeNumber(amount)}`;

/** The submitted answers, read-only (once the window has closed). */
function SurveyAnswers({ survey }: { survey: FinancialSurveyAnswers }) {
  const rows: [string, string][] = [
    ['People in your household', String(survey.householdSize)],
    ['Monthly household income', incomeBandLabels[survey.incomeBand]],
    ['People who depend on you', String(survey.dependants)],
    [
      'Who pays for your studies today',
      survey.studyFunders.map((f) => studyFunderLabels[f]).join(', '),
    ],
    [
      'Other bursaries and loans',
      survey.otherFunding.length === 0
        ? 'None'
        : survey.otherFunding
            .map(
              (f) =>
                `${f.name} (${fundingStatusLabels[f.status].toLowerCase()}${f.amount === null ? '' : `, ${rand(f.amount)}`})`,
            )
            .join('; '),
    ],
    ['Why you need this bursary', survey.motivation],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, mt: 0.25, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

function SurveyForm({
  applicationId,
  data,
}: {
  applicationId: number;
  data: FinancialSurveyResponse;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveFinancialSurvey(applicationId);
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const form = useForm<SurveyFormValues>({
    resolver: zodResolver(financialSurveyInput) as unknown as Resolver<SurveyFormValues>,
    defaultValues: formValuesOf(data.survey),
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const funding = useFieldArray({ control, name: 'otherFunding' });
  const motivationLength = useWatch({ control, name: 'motivation' }).length;
  const submitted = data.submittedAt !== null;

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The resolver has turned the typed numbers into numbers.
      await save.mutateAsync(values as unknown as FinancialSurveyAnswers);
      enqueueSnackbar(m.saved, { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      if (isApiError(error) && error.status === 422) {
        const known = [
          ...surveyFields,
          ...funding.fields.flatMap((_, i) =>
            ['name', 'status', 'amount'].map((f) => `otherFunding.${i}.${f}`),
          ),
        ];
        const leftover = applyServerErrors(error, form.setError, known, (field) => field);
        setFormError(leftover.length > 0 ? leftover.join(' ') : null);
        return;
      }
      setFormError(
        isApiError(error) && error.status === 409
          ? error.message
          : 'Your survey could not be saved. Please try again.',
      );
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={HEADING_ID}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {formError && (
        <Alert severity="error" ref={formErrorRef} tabIndex={-1}>
          {formError}
        </Alert>
      )}
      {!submitted && data.survey && (
        <Alert severity="info">
          We filled this in from your last survey. Check that it is still right, then submit it.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <FormTextField
          id="householdSize"
          label="People in your household"
          type="number"
          required
          registration={register('householdSize')}
          fieldError={errors.householdSize}
          helperText="Everyone who lives with you, yourself included."
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
        />
        <FormTextField
          id="dependants"
          label="People who depend on you"
          type="number"
          required
          registration={register('dependants')}
          fieldError={errors.dependants}
          helperText="Children or relatives you support. 0 if none."
          slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
        />
      </Box>
      <FormTextField
        id="incomeBand"
        label="Monthly household income"
        select
        required
        registration={register('incomeBand')}
        // A native select takes its first value from the markup, not from the registration.
        defaultValue={data.survey?.incomeBand ?? ''}
        fieldError={errors.incomeBand}
        helperText="Everyone's income together, before deductions."
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a range</option>
        {incomeBands.map((band) => (
          <option key={band} value={band}>
            {incomeBandLabels[band]}
          </option>
        ))}
      </FormTextField>
      <Controller
        control={control}
        name="studyFunders"
        render={({ field, fieldState }) => (
          <FormControl
            component="fieldset"
            required
            error={Boolean(fieldState.error)}
            id="studyFunders"
          >
            <FormLabel component="legend">Who pays for your studies today?</FormLabel>
            <FormGroup
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {studyFunders.map((funder) => (
                <FormControlLabel
                  key={funder}
                  label={studyFunderLabels[funder]}
                  control={
                    <Checkbox
                      checked={field.value.includes(funder)}
                      slotProps={{
                        input: { ref: funder === studyFunders[0] ? field.ref : undefined },
                      }}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        const others = field.value.filter((f) => f !== funder);
                        if (!event.target.checked) field.onChange(others);
                        // "Nobody" and a funder exclude each other.
                        else if (funder === 'nobody') field.onChange(['nobody']);
                        else field.onChange([...others.filter((f) => f !== 'nobody'), funder]);
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {fieldState.error?.message ?? 'Choose everyone who pays a part.'}
            </FormHelperText>
          </FormControl>
        )}
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
          Other bursaries and loans
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          List the bursaries and study loans you hold or have applied for, NSFAS among them.
        </Typography>
        {errors.otherFunding?.message && (
          <Typography variant="body2" color="error" sx={{ mb: 1 }}>
            {errors.otherFunding.message}
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {funding.fields.map((row, index) => {
            const rowErrors = errors.otherFunding?.[index];
            return (
              <Box
                component="li"
                key={row.id}
                aria-label={`Bursary or loan ${index + 1}`}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: {
                    xs: 'minmax(0, 1fr) auto',
                    sm: 'minmax(0, 2fr) minmax(0, 1.5fr) minmax(0, 1.2fr) auto',
                  },
                }}
              >
                <FormTextField
                  id={`otherFunding-${index}-name`}
                  label="Name"
                  required
                  registration={register(`otherFunding.${index}.name`)}
                  fieldError={rowErrors?.name}
                  placeholder="NSFAS"
                  sx={{ gridColumn: { xs: '1 / 2', sm: '1 / 2' }, gridRow: { sm: 1 } }}
                />
                <IconButton
                  aria-label={`Remove bursary or loan ${index + 1}`}
                  onClick={() => funding.remove(index)}
                  sx={{ mt: 1, gridColumn: { xs: '2 / 3', sm: '4 / 5' }, gridRow: { sm: 1 } }}
                >
                  <DeleteOutlined />
                </IconButton>
                <FormTextField
                  id={`otherFunding-${index}-status`}
                  label="Status"
                  select
                  registration={register(`otherFunding.${index}.status`)}
                  defaultValue={row.status}
                  fieldError={rowErrors?.status}
                  slotProps={{ select: { native: true } }}
                  sx={{ gridColumn: { xs: '1 / 2', sm: '2 / 3' }, gridRow: { sm: 1 } }}
                >
                  {fundingStatuses.map((status) => (
                    <option key={status} value={status}>
                      {fundingStatusLabels[status]}
                    </option>
                  ))}
                </FormTextField>
                <FormTextField
                  id={`otherFunding-${index}-amount`}
                  label="Amount"
                  type="number"
                  registration={register(`otherFunding.${index}.amount`)}
                  fieldError={rowErrors?.amount}
                  helperText="Rand a year (optional)"
                  slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                  sx={{ gridColumn: { xs: '1 / 2', sm: '3 / 4' }, gridRow: { sm: 1 } }}
                />
              </Box>
            );
          })}
        </Box>
        {funding.fields.length < OTHER_FUNDING_MAX && (
          <Button
            startIcon={<AddOutlined />}
            onClick={() => funding.append({ name: '', status: 'applied', amount: '' })}
            sx={{ mt: 1 }}
          >
            Add a bursary or loan
          </Button>
        )}
      </Box>
      <FormTextField
        id="motivation"
        label="Why do you need this bursary?"
        required
        multiline
        minRows={4}
        registration={register('motivation')}
        fieldError={errors.motivation}
        helperText={`${motivationLength} of ${MOTIVATION_MAX_CHARS} characters`}
      />
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {submitted
            ? `Submitted on ${formatDate(data.submittedAt)}. You can change it until applications close${data.closesAt ? ` on ${formatDate(data.closesAt)}` : ''}.`
            : 'Only the organization you applied to sees your answers.'}
        </Typography>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {submitted ? 'Save changes' : 'Submit survey'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The financial needs survey of a bursary application (anchor #financial-survey): a form while
 * the application window is open, the answers read-only after.
 */
export function FinancialSurveySection({ applicationId }: { applicationId: number }) {
  const query = useFinancialSurvey(applicationId);
  const data = query.data;
  return (
    <Paper
      component="section"
      id={FINANCIAL_SURVEY_ANCHOR}
      variant="outlined"
      aria-labelledby={HEADING_ID}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={HEADING_ID} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        Financial needs survey
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        This bursary asks about your household&apos;s finances to decide who needs it most.
      </Typography>
      {query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>
          The survey could not be loaded.
        </RetryAlert>
      ) : !data ? (
        <LinearProgress aria-label="Loading the survey" />
      ) : data.editable ? (
        <SurveyForm key={data.submittedAt ?? 'new'} applicationId={applicationId} data={data} />
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {data.lockedReason}
          </Alert>
          {data.survey && data.submittedAt ? (
            <SurveyAnswers survey={data.survey} />
          ) : (
            <Typography color="text.secondary">You did not submit the survey.</Typography>
          )}
        </>
      )}
    </Paper>
  );
}
