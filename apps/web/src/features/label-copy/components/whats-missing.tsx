import { type LabelCopyData, type LabelCopyDto, labelCopyIssues } from '@music-review/core/label-copy';
import { CheckCircle2, Circle } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** The checklist of what still stops "Mark as final", from the draft as typed (not the saved copy). */
export function WhatsMissing({ copy, data }: { copy: LabelCopyDto; data: LabelCopyData }) {
  const missing = labelCopyIssues(data, 'final');
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h3 className="text-base font-semibold text-foreground">What's missing</h3>
      {missing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
          {copy.status === 'final' ? 'Complete and final.' : 'Nothing: ready to mark as final.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Fields to complete before marking as final">
          {missing.map((issue) => (
            <li key={`${issue.field}:${issue.message}`} className="flex gap-2 text-sm">
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span>
                <span className="font-medium text-foreground">{issue.label}</span>
                <span className="text-muted-foreground">: {issue.message}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
