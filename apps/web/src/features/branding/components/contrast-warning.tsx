import type { BrandingMode, BrandingPalette } from '@music-review/core/branding';
import { contrastIssues, MIN_TEXT_CONTRAST } from '@music-review/core/branding';
import { TriangleAlert } from 'lucide-react';

const MODE_NAMES: Record<BrandingMode, string> = { light: 'Light mode', dark: 'Dark mode' };

/**
 * Warns while text would be hard to read: body text on the background and on cards, and primary
 * text on the primary colour, below WCAG's 4.5:1 in either mode. A warning, not a block.
 */
export function ContrastWarning({ palettes }: { palettes: Record<BrandingMode, BrandingPalette> }) {
  const issues = contrastIssues(palettes);
  return (
    <div role="status" aria-live="polite">
      {issues.length > 0 ? (
        <div className="flex gap-2.5 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm text-foreground">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <div className="min-w-0">
            <p className="font-medium">Some text may be hard to read</p>
            <ul className="mt-1 list-disc pl-4 text-muted-foreground">
              {issues.map((issue) => (
                <li key={`${issue.mode}-${issue.label}`}>
                  {`${MODE_NAMES[issue.mode]}: ${issue.label.toLowerCase()} has a contrast of ${issue.ratio.toFixed(1)}:1; at least ${MIN_TEXT_CONTRAST}:1 is needed.`}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
