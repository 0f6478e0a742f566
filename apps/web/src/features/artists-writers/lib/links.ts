import { paths } from '../../../config/paths';

/** Where the catalogue opens a record's drawer (its tab and the record in the URL). */
export const catalogueLinks = {
  recording: (id: string) => paths.catalogue.href({ tab: 'recordings', recording: id }),
  release: (id: string) => paths.catalogue.href({ tab: 'releases', release: id }),
  work: (id: string) => paths.catalogue.href({ tab: 'works', work: id }),
};

/** A payee's drawer on the Payees tab. */
export const payeeHref = (payeeId: string) => paths.artistsWriters.href({ tab: 'payees', payee: payeeId });
