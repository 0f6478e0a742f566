import { type FormEvent, useState } from 'react';

/** A dialog's submit: pending while it runs, and the error to show when it fails (the dialog stays open). */
export function useSubmit(onSubmit: () => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    } finally {
      setPending(false);
    }
  };
  return { error, isPending, submit };
}
