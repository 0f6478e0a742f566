import {
  FEEDBACK_KIND_LABELS,
  FEEDBACK_KINDS,
  FEEDBACK_MESSAGE_MAX,
  type FeedbackKind,
  feedbackMessageError,
} from '@music-review/core/feedback';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useSendFeedback } from '../api/send-feedback';
import { inspectScreenshot } from '../api/upload-screenshot';

const PLACEHOLDERS: Record<FeedbackKind, string> = {
  bug: 'What happened, and what did you expect? Steps to repeat it help a lot.',
  idea: 'What would make your work easier?',
};

export const FEEDBACK_SENT = 'Thanks! Your feedback was sent.';

interface Screenshot {
  file: File;
  contentType: string;
  previewUrl: string;
}

/**
 * Bug or idea, the text and an optional screenshot. The page the user came from and their browser
 * go with it. On failure everything typed stays in place.
 */
export function FeedbackForm({ pageUrl }: { pageUrl: string | null }) {
  const send = useSendFeedback();
  const [kind, setKind] = useState<FeedbackKind>('bug');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const ids = {
    message: useId(),
    messageHint: useId(),
    messageError: useId(),
    file: useId(),
    fileError: useId(),
  };

  // The preview's object URL lives as long as the screenshot does.
  useEffect(() => {
    if (!screenshot) return;
    return () => URL.revokeObjectURL(screenshot.previewUrl);
  }, [screenshot]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const checked = await inspectScreenshot(file);
    if (!checked.ok) {
      setScreenshotError(checked.message);
      return;
    }
    setScreenshotError(null);
    setScreenshot({ file, contentType: checked.contentType, previewUrl: URL.createObjectURL(file) });
  };

  const removeScreenshot = () => {
    setScreenshot(null);
    fileInput.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = feedbackMessageError(message);
    setMessageError(problem);
    if (problem) {
      textArea.current?.focus();
      return;
    }
    send.mutate(
      {
        kind,
        message: message.trim(),
        screenshot: screenshot ? { file: screenshot.file, contentType: screenshot.contentType } : null,
        pageUrl,
      },
      {
        onSuccess: () => {
          setMessage('');
          setScreenshot(null);
          toast.success(FEEDBACK_SENT);
        },
      },
    );
  };

  const remaining = FEEDBACK_MESSAGE_MAX - message.length;

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-foreground">Type</legend>
          <div className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto">
            {FEEDBACK_KINDS.map((value) => (
              <label
                key={value}
                className={cn(
                  'relative flex flex-1 cursor-pointer items-center justify-center rounded-md px-4 py-1.5 text-sm font-medium transition-colors sm:flex-none',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  kind === value
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <input
                  type="radio"
                  name="feedback-kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  // Over the whole pill, invisible: the pill is the radio's look and its target.
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
                />
                {FEEDBACK_KIND_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={ids.message} className="text-sm font-medium text-foreground">
              Your message
            </label>
            <span
              className={cn(
                'text-xs tabular-nums',
                remaining < 0 ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {message.length}/{FEEDBACK_MESSAGE_MAX}
            </span>
          </div>
          <textarea
            ref={textArea}
            id={ids.message}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              if (messageError) setMessageError(null);
            }}
            rows={6}
            placeholder={PLACEHOLDERS[kind]}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? ids.messageError : undefined}
            className="min-h-32 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs outline-none transition-[border-color,box-shadow] placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 aria-invalid:border-destructive dark:bg-white/[0.03]"
          />
          {messageError ? (
            <p id={ids.messageError} role="alert" className="text-sm text-destructive">
              {messageError}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-foreground">Screenshot (optional)</span>
          {screenshot ? (
            <div className="flex items-center gap-3">
              <img
                src={screenshot.previewUrl}
                alt="Screenshot to send"
                className="h-20 w-32 rounded-lg border border-border bg-muted object-cover"
              />
              <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
                {screenshot.file.name}
              </span>
              <Button variant="ghost" size="sm" onClick={removeScreenshot}>
                <X aria-hidden="true" />
                Remove screenshot
              </Button>
            </div>
          ) : (
            <label
              htmlFor={ids.file}
              className="flex cursor-pointer items-center gap-2 self-start rounded-lg border border-dashed border-input px-4 py-3 text-sm text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              Attach a screenshot (PNG, JPEG or WebP)
              <input
                ref={fileInput}
                id={ids.file}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={onFile}
                aria-describedby={screenshotError ? ids.fileError : undefined}
                className="sr-only"
              />
            </label>
          )}
          {screenshotError ? (
            <p id={ids.fileError} role="alert" className="text-sm text-destructive">
              {screenshotError}
            </p>
          ) : null}
        </div>

        {send.isError ? (
          <Alert variant="error">{send.error.message || 'Your feedback could not be sent.'}</Alert>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">
            Sent with the page you came from and your browser's name, to help us find the problem.
          </p>
          <Button type="submit" isLoading={send.isPending}>
            Send feedback
          </Button>
        </div>
      </form>
    </Card>
  );
}
