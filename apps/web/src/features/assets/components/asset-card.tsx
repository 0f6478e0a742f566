import { ASSET_KIND_INFO, type AssetKind, type AssetKindDto, MAX_BIO_TEXT } from '@music-review/core/assets';
import { formatBytes } from '@music-review/core/project-folder';
import { CircleCheck, Download, History, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useFileDrop } from '../../../components/file-drop';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { UploadProgress } from '../../../components/upload-progress';
import { useApiClient } from '../../../lib/api-context';
import { cn } from '../../../lib/cn';
import { isAbortError } from '../../../lib/upload/put-with-progress';
import { useRefreshAssets } from '../api/get-song-assets';
import { useRestoreAsset } from '../api/restore-asset';
import { useSaveBioText } from '../api/save-bio-text';
import { uploadAsset } from '../api/upload-asset';
import { AssetPreview } from './asset-preview';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One kind of asset: requirement, upload (drop or pick), checks, preview and version history. */
export function AssetCard({
  songId,
  kind,
  data,
}: {
  songId: string;
  kind: AssetKind;
  data: AssetKindDto | undefined;
}) {
  const info = ASSET_KIND_INFO[kind];
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  const restore = useRestoreAsset(songId);
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ filename: string; fraction: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const versions = data?.versions ?? [];
  const current = versions[0];

  async function start(file: File) {
    setRefusal(null);
    setUpload({ filename: file.name, fraction: 0 });
    try {
      const saved = await uploadAsset(api, songId, kind, file, (fraction) =>
        setUpload({ filename: file.name, fraction }),
      );
      toast.success(`${info.label}: version ${saved.version} uploaded`);
      await refresh();
    } catch (error) {
      if (!isAbortError(error)) setRefusal(error instanceof Error ? error.message : 'The upload failed.');
    } finally {
      setUpload(null);
    }
  }

  const { isDragging, dropProps } = useFileDrop((files) => {
    const file = files[0];
    if (file && !upload) void start(file);
  });

  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold">
              {info.label}
            </h3>
            <p className="text-sm text-muted-foreground">{info.requirement}</p>
          </div>
          {current ? (
            <Badge variant="success">Version {current.version}</Badge>
          ) : (
            <Badge variant="neutral">Not uploaded</Badge>
          )}
        </div>

        {current ? (
          <div className="flex flex-col gap-3">
            <AssetPreview asset={current} label={info.label} />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="inline-flex items-center gap-1.5 text-success">
                <CircleCheck aria-hidden="true" className="size-4" />
                Checks passed
              </span>
              {current.summary ? <span className="font-medium">{current.summary}</span> : null}
            </div>
            <p className="truncate text-xs text-muted-foreground">
              {current.filename} · {formatBytes(current.size_bytes)} ·{' '}
              {current.uploaded_by_name ? `${current.uploaded_by_name}, ` : ''}
              {dateFormat.format(new Date(current.created_at))}
            </p>
          </div>
        ) : null}

        <div
          {...dropProps}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground transition-colors',
            isDragging && 'border-primary bg-accent/40',
          )}
        >
          {upload ? (
            <div className="w-full">
              <UploadProgress filename={upload.filename} fraction={upload.fraction} />
            </div>
          ) : (
            <>
              <p>Drop a file here, or</p>
              <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
                <Upload aria-hidden="true" />
                Upload
              </Button>
            </>
          )}
          <input
            ref={inputRef}
            type="file"
            accept={info.accept}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            aria-label={`${info.label} file`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void start(file);
            }}
          />
        </div>

        {refusal ? (
          <Alert variant="error">
            <span className="font-medium">The file was not accepted.</span> {refusal}
          </Alert>
        ) : null}

        {kind === 'bio' ? <BioEditor songId={songId} /> : null}

        {versions.length > 0 ? (
          <div className="flex flex-col gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              aria-expanded={showHistory}
              onClick={() => setShowHistory((v) => !v)}
            >
              <History aria-hidden="true" />
              Version history ({versions.length})
            </Button>
            {showHistory ? (
              <ol className="flex flex-col divide-y divide-border rounded-lg border border-border">
                {versions.map((v) => (
                  <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium">
                        Version {v.version}
                        {v.is_current ? <span className="ml-2 text-xs text-success">Current</span> : null}
                        {v.restored_from ? (
                          <span className="ml-2 text-xs text-muted-foreground">
                            restored from version {v.restored_from}
                          </span>
                        ) : null}
                      </p>
                      <p className="truncate text-xs text-muted-foreground">
                        {v.filename} · {v.summary ? `${v.summary} · ` : ''}
                        {v.uploaded_by_name ? `${v.uploaded_by_name}, ` : ''}
                        {dateFormat.format(new Date(v.created_at))}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <a
                        href={v.url}
                        download={v.filename}
                        className={buttonClasses({ variant: 'outline', size: 'sm' })}
                        aria-label={`Download version ${v.version}`}
                      >
                        <Download aria-hidden="true" />
                        Download
                      </a>
                      {!v.is_current ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Restore version ${v.version} as current`}
                          isLoading={restore.isPending && restore.variables === v.id}
                          onClick={() =>
                            restore.mutate(v.id, {
                              onSuccess: () => toast.success(`Version ${v.version} is current again`),
                              onError: (error) => toast.error(error.message),
                            })
                          }
                        >
                          Restore
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/** Typing the bio instead of uploading one: saved as a new version; text stays on failure. */
function BioEditor({ songId }: { songId: string }) {
  const save = useSaveBioText(songId);
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(text, {
          onSuccess: (saved) => {
            toast.success(`Bio: version ${saved.version} saved`);
            setText('');
          },
        });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Type the bio
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_BIO_TEXT}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        className="min-h-24 rounded-lg border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      {save.error ? <Alert variant="error">{save.error.message}</Alert> : null}
      <Button
        type="submit"
        size="sm"
        className="self-start"
        disabled={!text.trim()}
        isLoading={save.isPending}
      >
        Save bio
      </Button>
    </form>
  );
}
