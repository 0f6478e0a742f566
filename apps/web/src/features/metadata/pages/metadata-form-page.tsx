import { PublicPage } from '../../../components/public-page';

export function MetadataFormPage() {
  return <PublicPage title="Song Metadata Form" />;
}
