import type { FieldErrors } from '@music-review/core/api-errors';
import { Alert } from '../../../components/ui/alert';

/** The problems no field on screen shows (a whole-form message, a field the form has not). */
export function FormProblems({ errors, placed }: { errors: FieldErrors; placed: readonly string[] }) {
  const others = Object.entries(errors)
    .filter(([field]) => !placed.includes(field))
    .map(([, message]) => message);
  if (others.length === 0) return null;
  return (
    <Alert>
      {others.length === 1 ? (
        others[0]
      ) : (
        <ul className="list-disc pl-4">
          {others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
