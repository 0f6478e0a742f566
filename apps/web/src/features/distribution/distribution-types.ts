/** The distribution API's answers as the web uses them, inferred from the contracts (never retyped). */
import type {
  getReleaseDistribution,
  listDestinations,
  listDistributionReleases,
  testDestination,
} from '@music-review/core/contracts/distribution';
import type { ResponseOf } from '@music-review/core/endpoint';

export type DistributionListDto = ResponseOf<typeof listDistributionReleases>;
export type DistributionRowDto = DistributionListDto['rows'][number];
export type DistributionCountsDto = DistributionListDto['counts'];

export type ReleaseDistributionDto = ResponseOf<typeof getReleaseDistribution>;
export type ReadinessDto = ReleaseDistributionDto['readiness'];
export type ReadinessProblemDto = ReadinessDto['errors'][number];
export type DealTermsDto = ReleaseDistributionDto['deal_terms'];
export type StoreRowDto = ReleaseDistributionDto['stores'][number];
export type DeliveryDto = ReleaseDistributionDto['deliveries'][number];
export type ValidationDto = NonNullable<ReleaseDistributionDto['last_validation']>;
export type HistoryEntryDto = ReleaseDistributionDto['history'][number];

export type DestinationDto = ResponseOf<typeof listDestinations>['destinations'][number];
export type ConnectionTestDto = ResponseOf<typeof testDestination>;
