import { PublicPage } from '../../../components/public-page';

export function UploadRevisionPage() {
  return <PublicPage title="Upload Revision" />;
}
