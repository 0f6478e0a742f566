import { useState } from 'react';

type Issue = { path: PropertyKey[]; message: string };

/**
 * Field errors from zod issues, the first per field: the field's name taken off the message, which
 * is capitalised. Keyed by the whole path ("socials.x", "press_photos.0.url") unless `keyOf` says.
 */
export function fieldErrors(
  issues: Issue[],
  keyOf: (path: PropertyKey[]) => string = (path) => path.map(String).join('.'),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const text = issue.message.replace(/^[\w.]+: /, '');
    out[keyOf(issue.path)] ??= text.charAt(0).toUpperCase() + text.slice(1);
  }
  return out;
}

/** Sending a public form: `submitting` while `send` runs, then what it threw (null when it worked). */
export function usePublicSubmit() {
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const send = async (action: () => Promise<void>) => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      await action();
    } catch (error) {
      setSubmitError(error);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submitError, send };
}
