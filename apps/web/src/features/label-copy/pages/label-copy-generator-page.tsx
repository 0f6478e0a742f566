import { FileStack } from 'lucide-react';
import { useParams } from 'react-router';
import { PortalCard, PublicLinkPage } from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { downloadPublicLabelCopyGenerator } from '../api/download-label-copy-generator-link';
import { usePublicLabelCopyGenerator } from '../api/open-label-copy-generator-link';
import { DownloadButtons } from '../components/download-buttons';
import { formatDate, LabelCopySheet } from '../components/label-copy-sheet';

/**
 * /label-copy-generator/{token} (public, no sign-in): the label copy document the generator
 * assembled from the label copy, the metadata form and the signed contract, with its downloads.
 */
export function LabelCopyGeneratorPage() {
  const { token = '' } = useParams();
  const query = usePublicLabelCopyGenerator(token);
  return (
    <PublicLinkPage query={query} width="wide" loadingLabel="Opening the label copy…">
      {(view) =>
        view.document ? (
          <PortalCard
            icon={<FileStack aria-hidden="true" />}
            eyebrow={view.organization_name}
            title={`Label copy: ${view.document.title}`}
            description={`Generated ${formatDate(view.document.generated_at)} from the label copy, metadata and contract.`}
          >
            <DownloadButtons download={(format) => downloadPublicLabelCopyGenerator(token, format)} />
            <LabelCopySheet data={view.document.data} contract={view.document.contract} />
          </PortalCard>
        ) : (
          <PortalCard eyebrow={view.organization_name} title={`Label copy: ${view.song_title}`}>
            <Alert variant="info">
              The label has not generated this label copy yet. Ask them to generate it first.
            </Alert>
          </PortalCard>
        )
      }
    </PublicLinkPage>
  );
}
