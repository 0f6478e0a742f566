import type { AudioType } from '@music-review/core/audio-types';
import { contentTypeFor } from '@music-review/core/audio-types';
import { DEFAULT_SAMPLES_PER_PIXEL } from '@music-review/core/waveform';
import { Download, FileAudio } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/spinner';
import { formatTime } from '../../../lib/audio/format-time';
import { usePlayer } from '../../../lib/audio/player-context';
import { type AudioAnalysis, AudioAnalysisError, analyseAudioFile } from '../analyse-audio-file';
import { LocalWaveform } from '../components/local-waveform';

type State =
  | { kind: 'idle' }
  | { kind: 'working'; fileName: string }
  | { kind: 'done'; analysis: AudioAnalysis; url: string; trackId: string }
  | { kind: 'error'; fileName: string; message: string; detail: string | null };

const TYPE_NAMES: Record<AudioType, string> = {
  wav: 'WAV',
  aiff: 'AIFF',
  flac: 'FLAC',
  mp3: 'MP3',
  aac: 'AAC (ADTS)',
  m4a: 'M4A / MP4',
  ogg: 'Ogg',
};

const numberFormat = new Intl.NumberFormat('en');

function formatSize(bytes: number): string {
  const exact = `${numberFormat.format(bytes)} bytes`;
  if (bytes < 1024) return exact;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]} (${exact})`;
}

/** Why this many samples per pixel (spec section 9). */
function samplesPerPixelNote(samplesPerPixel: number): string {
  if (samplesPerPixel < DEFAULT_SAMPLES_PER_PIXEL) return 'halved: audio under 30 s';
  if (samplesPerPixel > DEFAULT_SAMPLES_PER_PIXEL) return 'doubled: audio over 300 s';
  return 'default: audio of 30 to 300 s';
}

const channelsText = (n: number) => (n === 1 ? '1 (mono)' : n === 2 ? '2 (stereo)' : String(n));
const msText = (ms: number) => `${Math.max(0, Math.round(ms))} ms`;

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-border py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted-foreground sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-foreground tabular-nums">
        {children}
      </dd>
    </div>
  );
}

function downloadWaveform(analysis: AudioAnalysis) {
  const blob = new Blob([JSON.stringify(analysis.waveform)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  // The name a stored waveform would get: the audio's name with .json (spec section 4).
  const dot = analysis.fileName.lastIndexOf('.');
  link.download = `${dot > 0 ? analysis.fileName.slice(0, dot) : analysis.fileName}.json`;
  link.click();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Results({ state }: { state: Extract<State, { kind: 'done' }> }) {
  const { analysis } = state;
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-4 sm:p-5">
        <LocalWaveform
          trackId={state.trackId}
          title={analysis.fileName}
          url={state.url}
          waveform={analysis.waveform}
          durationSeconds={analysis.durationSeconds}
        />
      </Card>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-foreground">Results</h2>
          <Button variant="outline" size="sm" onClick={() => downloadWaveform(analysis)}>
            <Download aria-hidden="true" />
            Download waveform JSON
          </Button>
        </div>
        <dl aria-label="Results" className="mt-3">
          <Stat label="File name">{analysis.fileName}</Stat>
          <Stat label="Size">{formatSize(analysis.size)}</Stat>
          <Stat label="Detected type">
            {analysis.detectedType
              ? `${TYPE_NAMES[analysis.detectedType]} (${contentTypeFor(analysis.detectedType)})`
              : 'Not recognised from its first bytes'}
          </Stat>
          <Stat label="Type the browser reported">{analysis.declaredType || 'None'}</Stat>
          <Stat label="Duration">
            {formatTime(analysis.durationSeconds)} ({analysis.durationSeconds.toFixed(2)} s)
          </Stat>
          <Stat label="Sample rate">{analysis.sampleRate} Hz</Stat>
          <Stat label="Channels">{channelsText(analysis.channels)}</Stat>
          <Stat label="Samples per pixel">
            {analysis.samplesPerPixel} ({samplesPerPixelNote(analysis.samplesPerPixel)})
          </Stat>
          <Stat label="Bars">{analysis.bars}</Stat>
          <Stat label="Decode time">{msText(analysis.decodeMs)}</Stat>
          <Stat label="Generation time">{msText(analysis.generateMs)}</Stat>
        </dl>
      </Card>
    </div>
  );
}

/**
 * /waveform-test: checks how the app reads an audio file, in this browser, without uploading it.
 * The same rules, worker and drawing as a song's waveform, with their numbers and timings.
 */
export function WaveformTestPage() {
  const player = usePlayer();
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = useRef(0);
  const currentTrackId = useRef<string | null>(null);
  currentTrackId.current = player.state.currentTrack?.id ?? null;

  // The object URL lives as long as its result, unless the global player is still playing it
  // (it carries on across pages); that one is freed with the page.
  const doneUrl = state.kind === 'done' ? state.url : null;
  const doneTrackId = state.kind === 'done' ? state.trackId : null;
  useEffect(() => {
    if (!doneUrl) return;
    return () => {
      if (currentTrackId.current !== doneTrackId) URL.revokeObjectURL(doneUrl);
    };
  }, [doneUrl, doneTrackId]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const id = ++run.current;
    setState({ kind: 'working', fileName: file.name });
    try {
      const analysis = await analyseAudioFile(file);
      if (run.current !== id) return;
      setState({ kind: 'done', analysis, url: URL.createObjectURL(file), trackId: `waveform-test-${id}` });
    } catch (error) {
      if (run.current !== id) return;
      setState({
        kind: 'error',
        fileName: file.name,
        message:
          error instanceof AudioAnalysisError
            ? error.message
            : 'Something went wrong while reading the file. Please try again.',
        detail:
          error instanceof AudioAnalysisError ? error.detail : error instanceof Error ? error.message : null,
      });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Waveform Test"
        subtitle="Check how Music Review reads an audio file and draws its waveform. The file stays on this device."
      />
      <Card className="flex flex-col gap-2 p-4 sm:p-5">
        <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium text-foreground">
          <FileAudio aria-hidden="true" className="size-4 text-muted-foreground" />
          Audio file
        </label>
        <input
          id={inputId}
          type="file"
          accept="audio/*"
          onChange={onFile}
          className="block w-full text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-input file:bg-transparent file:px-3 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted"
        />
        <p className="text-xs text-muted-foreground">
          WAV, AIFF, FLAC, MP3, AAC, M4A or Ogg. Decoding and the waveform run in this browser.
        </p>
      </Card>

      {state.kind === 'working' ? (
        <LoadingState label={`Reading ${state.fileName}…`} className="justify-start" />
      ) : null}
      {state.kind === 'error' ? (
        <Alert>
          <p className="font-medium">{state.fileName} could not be used.</p>
          <p>{state.message}</p>
          {state.detail ? <p className="mt-1 text-xs opacity-80">Technical reason: {state.detail}</p> : null}
        </Alert>
      ) : null}
      {state.kind === 'done' ? <Results state={state} /> : null}
    </div>
  );
}
