import { FINANCE_MESSAGES, FINANCE_TEXTS } from '@music-review/core/royalties';
import { BUILT_IN_SOURCES, SOURCE_DEFINITIONS, STATEMENT_FIELDS } from '@music-review/core/royalty-sources';
import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/text-field';
import { UploadProgress } from '../../../components/upload-progress';
import { isApiError, NETWORK_ERROR_MESSAGE, serverFieldErrors } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { isAbortError } from '../../../lib/upload/put-with-progress';
import { useStartStatementImport } from '../api/start-statement-import';
import { STATEMENT_ACCEPT, uploadStatement } from '../api/upload-statement';
import type { ImportDto, StatementAnalysisDto } from '../finance-types';
import { CUSTOM_SOURCE_LABEL, type SourceChoice } from './sources';
import {
  checkMapping,
  draftFrom,
  type MappingDraft,
  type MappingErrors,
  mappingFrom,
  StatementMapping,
} from './statement-mapping';
import { StatementFacts, StatementPreview } from './statement-preview';

type Step =
  | { name: 'choose'; error: string | null }
  | { name: 'uploading'; fileName: string; fraction: number }
  | {
      name: 'review';
      fileName: string;
      analysis: StatementAnalysisDto;
      source: SourceChoice;
      draft: MappingDraft;
      mappingName: string;
    };

/** An error as the member reads it. */
function errorText(error: unknown) {
  if (isApiError(error) && error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The server's field paths as the form names its fields, or null for one shown with the general
 * message. The service checks a mapping with core's validateColumnMapping, keyed by statement field
 * ('net'); the contract's own check names the path ('mapping.columns.net', 'mapping.default_currency').
 */
function formFieldOf(draft: MappingDraft) {
  return (path: string): string | null => {
    if (path === 'mapping_name' || path === 'source') return path;
    const field = (STATEMENT_FIELDS as readonly string[]).includes(path)
      ? path
      : /^mapping\.columns\.([a-z_]+)$/.exec(path)?.[1];
    if (field) {
      // Without a currency column, a currency problem is the default currency's.
      const isDefault =
        field === 'currency' && !draft.columns.currency && draft.default_currency.trim() !== '';
      return isDefault ? 'default_currency' : `columns.${field}`;
    }
    return (
      /^mapping\.(number_format|date_format|default_currency|default_sale_type)$/.exec(path)?.[1] ?? null
    );
  };
}

/** The review step's first values: the detected source, else a mapping of the label's own. */
function reviewOf(fileName: string, analysis: StatementAnalysisDto): Extract<Step, { name: 'review' }> {
  return {
    name: 'review',
    fileName,
    analysis,
    source: analysis.detected_source ?? 'custom',
    draft: draftFrom(analysis.mapping),
    mappingName: analysis.saved_mapping?.name ?? '',
  };
}

/**
 * "Import statement": choose a file (refused at once when empty or above 2 GB), send it to storage
 * with its progress, see what the server found in it and the source it detected (changeable), map
 * the columns of an unknown source, then start the import, which runs on the server. A refusal names
 * the field it concerns and keeps everything chosen.
 */
export function ImportStatementDialog({
  onClose,
  onStarted,
}: {
  onClose: () => void;
  onStarted: (row: ImportDto) => void;
}) {
  const api = useApiClient();
  const start = useStartStatementImport();
  const [step, setStep] = useState<Step>({ name: 'choose', error: null });
  const [errors, setErrors] = useState<MappingErrors>({});
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const upload = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const analysis = await uploadStatement(
        api,
        file,
        (fraction) => setStep({ name: 'uploading', fileName: file.name, fraction }),
        controller.signal,
      );
      setErrors({});
      setError(null);
      setStep(reviewOf(file.name, analysis));
    } catch (caught) {
      if (!isAbortError(caught)) setStep({ name: 'choose', error: errorText(caught) });
    }
  };

  const submit = (review: Extract<Step, { name: 'review' }>) => {
    const isCustom = review.source === 'custom';
    const problems = isCustom ? checkMapping(review.draft, review.mappingName, review.analysis.headers) : {};
    setErrors(problems);
    setError(problems.mapping ?? null);
    if (Object.keys(problems).length > 0) return;
    start.mutate(
      {
        key: review.analysis.key,
        source: review.source,
        ...(isCustom ? { mapping: mappingFrom(review.draft), mapping_name: review.mappingName.trim() } : {}),
      },
      {
        onSuccess: onStarted,
        onError: (caught) => {
          const formField = formFieldOf(review.draft);
          const fields = serverFieldErrors(caught, formField);
          setErrors(fields);
          // The message stays in view unless every problem it has is beside its field.
          const isAllBesideFields =
            isApiError(caught) &&
            Object.keys(caught.fields).length > 0 &&
            Object.keys(caught.fields).every((path) => formField(path) !== null);
          setError(isAllBesideFields ? null : errorText(caught));
        },
      },
    );
  };

  return (
    <Dialog open onClose={close} title={FINANCE_TEXTS.importStatement}>
      {step.name === 'review' ? (
        <Review
          step={step}
          errors={errors}
          error={error}
          isStarting={start.isPending}
          onChange={(next) => setStep(next)}
          onChooseAnother={() => {
            setErrors({});
            setError(null);
            setStep({ name: 'choose', error: null });
          }}
          onSubmit={() => submit(step)}
        />
      ) : (
        <ChooseFile step={step} onFile={(file) => void upload(file)} onCancel={close} />
      )}
    </Dialog>
  );
}

function ChooseFile({
  step,
  onFile,
  onCancel,
}: {
  step: Extract<Step, { name: 'choose' | 'uploading' }>;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        A statement as your distributor sent it: CSV, TSV or text, an Excel workbook (.xlsx), or a ZIP holding
        one of them, up to 2 GB.
      </p>
      {step.name === 'uploading' ? (
        <UploadProgress
          filename={step.fileName}
          fraction={step.fraction}
          checkingText="Reading its columns…"
        />
      ) : (
        <div>
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary-hover focus-within:ring-2 focus-within:ring-ring"
          >
            <FileUp aria-hidden="true" className="size-4" />
            Choose a statement file
          </label>
          <input
            id={inputId}
            type="file"
            accept={STATEMENT_ACCEPT}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </div>
      )}
      {step.name === 'choose' && step.error ? <Alert>{step.error}</Alert> : null}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function Review({
  step,
  errors,
  error,
  isStarting,
  onChange,
  onChooseAnother,
  onSubmit,
}: {
  step: Extract<Step, { name: 'review' }>;
  errors: MappingErrors;
  error: string | null;
  isStarting: boolean;
  onChange: (step: Extract<Step, { name: 'review' }>) => void;
  onChooseAnother: () => void;
  onSubmit: () => void;
}) {
  const { analysis } = step;
  const detected = analysis.detected_source;
  const formRef = useRef<HTMLFormElement>(null);
  // New problems (the form's check or the server's): the first field named goes into view with the focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return (
    <form
      ref={formRef}
      aria-label="Check the statement"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {/* The mapping has 20 fields: they scroll, so the buttons below stay in view on any screen. */}
      <div className="-mx-1 flex max-h-[60vh] flex-col gap-4 overflow-y-auto px-1 pb-1">
        <StatementFacts analysis={analysis} fileName={step.fileName} />
        {detected ? (
          <p className="text-sm font-medium text-foreground">Detected: {SOURCE_DEFINITIONS[detected].name}</p>
        ) : analysis.saved_mapping ? (
          <p className="text-sm text-foreground">
            These columns match the mapping you saved for “{analysis.saved_mapping.name}”. Check it and start
            the import.
          </p>
        ) : (
          <Alert variant="info">{FINANCE_MESSAGES.unknownSource}</Alert>
        )}
        <SelectField
          label="Source"
          value={step.source}
          error={errors.source ?? null}
          onChange={(event) => onChange({ ...step, source: event.target.value as SourceChoice })}
        >
          {BUILT_IN_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_DEFINITIONS[source].name}
            </option>
          ))}
          <option value="custom">{CUSTOM_SOURCE_LABEL}</option>
        </SelectField>
        <StatementPreview analysis={analysis} />
        {step.source === 'custom' ? (
          <StatementMapping
            analysis={analysis}
            draft={step.draft}
            mappingName={step.mappingName}
            errors={errors}
            onChange={(draft) => onChange({ ...step, draft })}
            onNameChange={(mappingName) => onChange({ ...step, mappingName })}
          />
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onChooseAnother}>
          Choose another file
        </Button>
        <Button type="submit" isLoading={isStarting}>
          Start import
        </Button>
      </div>
    </form>
  );
}
