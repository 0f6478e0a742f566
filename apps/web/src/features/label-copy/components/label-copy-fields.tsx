import type { LabelCopyData } from '@music-review/core/label-copy';
import { CreditsFields } from './fields/credits-fields';
import { FormSection, fieldGrid } from './fields/form-section';
import { ReleaseFields } from './fields/release-fields';
import { RightsLineFields } from './fields/rights-line-fields';
import { ShareHolderRows } from './fields/share-holder-rows';
import { TerritoriesField } from './fields/territories-field';
import { TrackRows } from './fields/track-rows';
import type { IssueMap } from './fields/visible-issues';

/**
 * The label copy's form, in sections (release, rights, territories, tracks, credits, writers and
 * publishers). Shared by the label's tab and the artist's public form. Controlled: the parent keeps
 * the draft (so typed text survives a failed save) and the issues to show, each beside its field.
 */
export function LabelCopyFields({
  data,
  onChange,
  issues,
  disabled = false,
  headingLevel = 3,
}: {
  data: LabelCopyData;
  onChange: (data: LabelCopyData) => void;
  issues: IssueMap;
  disabled?: boolean;
  /** The sections' heading level: 2 right under a page's title, 3 inside a tab (under its h2). */
  headingLevel?: 2 | 3;
}) {
  const set = (patch: Partial<LabelCopyData>) => onChange({ ...data, ...patch });
  const err = (field: string) => issues.get(field);
  const group = { data, set, err, disabled };

  return (
    // Locked (final) fields hide their example placeholders, so an empty field does not read as filled in.
    <div className="flex flex-col gap-6 [&_input:disabled::placeholder]:text-transparent">
      <FormSection level={headingLevel} title="Release">
        <ReleaseFields {...group} />
      </FormSection>

      <FormSection level={headingLevel} title="Territories">
        <TerritoriesField data={data} onChange={set} error={err('territories')} disabled={disabled} />
      </FormSection>

      <FormSection
        level={headingLevel}
        title="Rights lines"
        description="℗ for the recording, © for the composition and artwork."
      >
        <div className={fieldGrid}>
          <RightsLineFields line="p_line" symbol="℗" {...group} />
          <RightsLineFields line="c_line" symbol="©" {...group} />
        </div>
      </FormSection>

      <FormSection level={headingLevel} title="Tracks" description="For a single, the track is the song.">
        <TrackRows {...group} />
      </FormSection>

      <FormSection level={headingLevel} title="Credits">
        <CreditsFields
          credits={data.credits}
          onChange={(credits) => set({ credits })}
          err={err}
          disabled={disabled}
        />
      </FormSection>

      <FormSection
        level={headingLevel}
        title="Writers and publishers"
        description="Shares are percentages and total 100 for each list."
      >
        <ShareHolderRows
          kind="writer"
          rows={data.writers}
          onChange={(writers) => set({ writers })}
          blank={{ name: '', role: 'composer_lyricist', pro: '', ipi: '', share: 0 }}
          err={err}
          disabled={disabled}
        />
        <ShareHolderRows
          kind="publisher"
          rows={data.publishers}
          onChange={(publishers) => set({ publishers })}
          blank={{ name: '', pro: '', ipi: '', share: 0 }}
          err={err}
          disabled={disabled}
        />
      </FormSection>
    </div>
  );
}
