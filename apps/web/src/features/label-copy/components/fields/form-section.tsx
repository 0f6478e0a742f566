import type { LabelCopyData } from '@music-review/core/label-copy';
import { type ReactNode, useId } from 'react';

/** What every section of the form is given: the data, a patcher, the field errors and the lock. */
export type SectionProps = {
  data: LabelCopyData;
  set: (patch: Partial<LabelCopyData>) => void;
  err: (path: string) => string | undefined;
  disabled: boolean;
};

/** The two-column grid the sections lay their fields out in. */
export const fieldGrid = 'grid gap-4 sm:grid-cols-2';

/** One section of the form: a heading (named for the section's ARIA label) and its fields. */
export function FormSection({
  title,
  description,
  level,
  children,
}: {
  title: string;
  description?: string;
  level: 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0"
    >
      <div>
        <Heading id={id} className="text-base font-semibold text-foreground">
          {title}
        </Heading>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
