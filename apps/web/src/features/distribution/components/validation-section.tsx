import { DELIVERY_KIND_LABELS, DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ValidationDto } from '../distribution-types';
import { formatDateTime } from './format';
import { PageSection } from './section';

/** The last check of a built ERN message against the ERN 4.3 schema: valid, or its errors by line. */
export function ValidationSection({ validation }: { validation: ValidationDto | null }) {
  return (
    <PageSection id="last-validation" title={DISTRIBUTION_TEXTS.lastValidation}>
      {!validation ? (
        <p className="text-sm text-muted-foreground">
          Not checked yet. “{DISTRIBUTION_TEXTS.deliver}” builds the DDEX message and checks it against the
          ERN 4.3 schema before anything is sent.
        </p>
      ) : validation.valid ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          Valid: the {DELIVERY_KIND_LABELS[validation.kind].toLowerCase()} message passed the ERN 4.3 schema (
          {formatDateTime(validation.at)}).
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            The {DELIVERY_KIND_LABELS[validation.kind].toLowerCase()} message failed the ERN 4.3 schema, so
            nothing was sent ({formatDateTime(validation.at)}).
          </p>
          <ol aria-label="Schema errors" className="flex flex-col gap-1 text-sm">
            {validation.errors.map((error, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order
                key={`${error.line}-${index}`}
                className="rounded-md bg-muted/50 px-2.5 py-1.5 [overflow-wrap:anywhere]"
              >
                <span className="font-medium text-foreground">Line {error.line}: </span>
                <span className="text-foreground">{error.message}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </PageSection>
  );
}
