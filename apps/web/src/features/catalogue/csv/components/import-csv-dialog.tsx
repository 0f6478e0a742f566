import {
  CSV_TEXTS,
  type CsvDryRunResult,
  type CsvImportResult,
  type CsvKind,
  type CsvMapping,
  validateCsvMapping,
} from '@music-review/core/catalogue-csv';
import type { CatalogueCsvAnalysisDto } from '@music-review/core/contracts/catalogue-csv';
import type { JobDto } from '@music-review/core/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { UploadProgress } from '../../../../components/upload-progress';
import { isApiError, NETWORK_ERROR_MESSAGE, serverFieldErrors } from '../../../../lib/api-client';
import { useApiClient } from '../../../../lib/api-context';
import { isAbortError } from '../../../../lib/upload/put-with-progress';
import { catalogueKeys } from '../../api/keys';
import { useDownloadFailedRows } from '../api/download-failed-rows';
import { useStartCsvJob } from '../api/start-catalogue-csv-job';
import { uploadCatalogueCsv } from '../api/upload-catalogue-csv';
import { ColumnMapping } from './column-mapping';
import { DryRunSummary } from './dry-run-summary';
import { JobProgress } from './job-progress';
import { useFinishedJob } from './use-finished-job';

type Step =
  | { name: 'choose'; error: string | null }
  | { name: 'uploading'; filename: string; fraction: number }
  | { name: 'mapping'; analysis: CatalogueCsvAnalysisDto; mapping: CsvMapping; error: string | null }
  | { name: 'checking'; analysis: CatalogueCsvAnalysisDto; mapping: CsvMapping; jobId: string }
  | { name: 'checked'; analysis: CatalogueCsvAnalysisDto; mapping: CsvMapping; result: CsvDryRunResult }
  | { name: 'importing'; jobId: string }
  | { name: 'done'; jobId: string; result: CsvImportResult };

/** An error as the member reads it. */
function errorText(error: unknown) {
  if (isApiError(error) && error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** Why a finished job gives no result. */
function jobError(job: JobDto) {
  return job.status === 'cancelled'
    ? 'The job was cancelled.'
    : (job.error ?? 'The job failed. Please try again.');
}

const n = (value: number) => value.toLocaleString('en-US');

/**
 * "Import CSV": choose a file (sent to storage with its progress), confirm the column of each field,
 * check every row (the dry run, nothing written), then import with a progress bar, and download the
 * rows that failed with their reasons.
 */
export function ImportCsvDialog({
  kind,
  open,
  onClose,
}: {
  kind: CsvKind;
  open: boolean;
  onClose: () => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose', error: null });
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const abort = useRef<AbortController | null>(null);
  const startDryRun = useStartCsvJob('dry-run');
  const startImport = useStartCsvJob('import');

  const close = () => {
    abort.current?.abort();
    setStep({ name: 'choose', error: null });
    setMappingErrors({});
    onClose();
  };

  const upload = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'uploading', filename: file.name, fraction: 0 });
    try {
      const analysis = await uploadCatalogueCsv(
        api,
        kind,
        file,
        (fraction) => setStep({ name: 'uploading', filename: file.name, fraction }),
        controller.signal,
      );
      setMappingErrors({});
      setStep({ name: 'mapping', analysis, mapping: analysis.mapping, error: null });
    } catch (error) {
      if (!isAbortError(error)) setStep({ name: 'choose', error: errorText(error) });
    }
  };

  const check = async (analysis: CatalogueCsvAnalysisDto, mapping: CsvMapping) => {
    const problems = validateCsvMapping(kind, analysis.headers, mapping);
    setMappingErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const job = await startDryRun.mutateAsync({ kind, key: analysis.key, mapping });
      setStep({ name: 'checking', analysis, mapping, jobId: job.id });
    } catch (error) {
      setMappingErrors(serverFieldErrors(error));
      setStep({ name: 'mapping', analysis, mapping, error: errorText(error) });
    }
  };

  const runImport = async (analysis: CatalogueCsvAnalysisDto, mapping: CsvMapping) => {
    try {
      const job = await startImport.mutateAsync({ kind, key: analysis.key, mapping });
      setStep({ name: 'importing', jobId: job.id });
    } catch (error) {
      setStep({ name: 'mapping', analysis, mapping, error: errorText(error) });
    }
  };

  return (
    <Dialog open={open} onClose={close} title={CSV_TEXTS.dialogTitle(kind)}>
      {step.name === 'choose' || step.name === 'uploading' ? (
        <ChooseFile step={step} onFile={(file) => void upload(file)} onCancel={close} />
      ) : null}
      {step.name === 'mapping' ? (
        <div className="flex flex-col gap-4">
          {/* Up to 16 fields: they scroll, so the buttons below stay in view on any screen. */}
          <div className="-mx-1 flex max-h-[55vh] flex-col gap-4 overflow-y-auto px-1 pb-1">
            {step.analysis.notes.map((note) => (
              <Alert key={note} variant="info">
                {note}
              </Alert>
            ))}
            <ColumnMapping
              kind={kind}
              analysis={step.analysis}
              mapping={step.mapping}
              errors={mappingErrors}
              onChange={(mapping) => setStep({ ...step, mapping })}
            />
          </div>
          {step.error ? <Alert>{step.error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setStep({ name: 'choose', error: null })}>
              Choose another file
            </Button>
            <Button isLoading={startDryRun.isPending} onClick={() => void check(step.analysis, step.mapping)}>
              {CSV_TEXTS.checkFile}
            </Button>
          </div>
        </div>
      ) : null}
      {step.name === 'checking' ? (
        <RunningJob
          jobId={step.jobId}
          label="Checking the file"
          onFinished={(job) =>
            job.status === 'succeeded' && job.result
              ? setStep({
                  name: 'checked',
                  analysis: step.analysis,
                  mapping: step.mapping,
                  result: job.result as unknown as CsvDryRunResult,
                })
              : setStep({
                  name: 'mapping',
                  analysis: step.analysis,
                  mapping: step.mapping,
                  error: jobError(job),
                })
          }
        />
      ) : null}
      {step.name === 'checked' ? (
        <div className="flex flex-col gap-4">
          <DryRunSummary result={step.result} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() =>
                setStep({ name: 'mapping', analysis: step.analysis, mapping: step.mapping, error: null })
              }
            >
              Back to the columns
            </Button>
            <Button
              disabled={step.result.create + step.result.update === 0}
              isLoading={startImport.isPending}
              onClick={() => void runImport(step.analysis, step.mapping)}
            >
              {CSV_TEXTS.importRows(step.result.create + step.result.update)}
            </Button>
          </div>
        </div>
      ) : null}
      {step.name === 'importing' ? (
        <RunningJob
          jobId={step.jobId}
          label="Importing rows"
          onFinished={(job) => {
            void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
            if (job.status === 'succeeded' && job.result)
              setStep({ name: 'done', jobId: job.id, result: job.result as unknown as CsvImportResult });
            else setStep({ name: 'choose', error: jobError(job) });
          }}
        />
      ) : null}
      {step.name === 'done' ? (
        <ImportSummary kind={kind} jobId={step.jobId} result={step.result} onDone={close} />
      ) : null}
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
        A CSV file of up to 100 MB, from a spreadsheet or another tool. Rows with an ID, ISRC, UPC/EAN,
        catalogue number or ISWC already in your catalogue update that record; the others are added.
      </p>
      {step.name === 'uploading' ? (
        <UploadProgress filename={step.filename} fraction={step.fraction} checkingText="Reading the file…" />
      ) : (
        <div>
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary-hover focus-within:ring-2 focus-within:ring-ring"
          >
            <FileUp aria-hidden="true" className="size-4" />
            {CSV_TEXTS.chooseFile}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
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

function RunningJob({
  jobId,
  label,
  onFinished,
}: {
  jobId: string;
  label: string;
  onFinished: (job: JobDto) => void;
}) {
  const query = useFinishedJob(jobId, onFinished);
  return (
    <div className="flex flex-col gap-3">
      <JobProgress label={label} job={query.data} />
      {query.error ? <Alert>{errorText(query.error)}</Alert> : null}
    </div>
  );
}

function ImportSummary({
  kind,
  jobId,
  result,
  onDone,
}: {
  kind: CsvKind;
  jobId: string;
  result: CsvImportResult;
  onDone: () => void;
}) {
  const download = useDownloadFailedRows(kind);
  return (
    <div className="flex flex-col gap-4">
      <Alert variant={result.failed > 0 ? 'info' : 'success'}>
        Import finished: {n(result.created)} added, {n(result.updated)} updated, {n(result.unchanged)}{' '}
        unchanged, {n(result.failed)} failed.
      </Alert>
      {result.failed_rows_file ? (
        <p className="text-sm text-muted-foreground">
          Download the failed rows: each has its reason in the last column. Fix them and import the file
          again.
        </p>
      ) : null}
      {download.error ? <Alert>{errorText(download.error)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {result.failed_rows_file ? (
          <Button variant="outline" isLoading={download.isPending} onClick={() => download.mutate(jobId)}>
            <Download aria-hidden="true" />
            {CSV_TEXTS.downloadFailedRows}
          </Button>
        ) : null}
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
