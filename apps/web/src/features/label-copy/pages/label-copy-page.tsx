import { FileText, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { PortalCard, PublicLinkPage } from '../../../components/public-portal';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { downloadPublicLabelCopyShare } from '../api/download-label-copy-share';
import { usePublicLabelCopyShare } from '../api/open-label-copy-share';
import { DownloadButtons } from '../components/download-buttons';
import { formatDate, LabelCopySheet } from '../components/label-copy-sheet';

/**
 * /label-copy/{token} (public, no sign-in): a read-only, printable label copy for distributors and
 * partners, with PDF and CSV downloads of the label copy as it is now.
 */
export function LabelCopyPage() {
  const { token = '' } = useParams();
  const query = usePublicLabelCopyShare(token);
  return (
    <PublicLinkPage query={query} width="wide" loadingLabel="Opening the label copy…">
      {(share) => (
        <PortalCard
          icon={<FileText aria-hidden="true" />}
          eyebrow={share.organization_name}
          title={`Label copy: ${share.data.release_title || share.song_title}`}
          description={
            <span className="flex flex-wrap items-center gap-2">
              {share.status === 'final' ? (
                <Badge variant="success">Final</Badge>
              ) : (
                <Badge variant="warning">Draft</Badge>
              )}
              <span>Last updated {formatDate(share.updated_at)}</span>
            </span>
          }
        >
          <div className="flex flex-wrap items-start gap-2 print:hidden">
            <DownloadButtons download={(format) => downloadPublicLabelCopyShare(token, format)} />
            <Button variant="ghost" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
          <LabelCopySheet data={share.data} />
        </PortalCard>
      )}
    </PublicLinkPage>
  );
}
