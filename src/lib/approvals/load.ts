// Server-side data of the approvals views (the address page's Approvals tab and /approvals?address=).
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { pageOffset } from '../url/pagination.ts';
import type { TokenApproval } from '../model/approval.ts';

/** A page of approvals: the list, 'unavailable' when the indexer has no such list (the chain operator's), null when the call failed. */
export type ApprovalsList = TokenApproval[] | 'unavailable' | null;

/** Loads one page of an owner's approvals; never throws. */
export async function loadApprovals(client: IndexerClient, address: string, paging: { page: number; size: number }): Promise<ApprovalsList> {
  const items = await safe(client.getAddressApprovals(address, { limit: paging.size, offset: pageOffset(paging.page, paging.size) }), undefined);
  return items === undefined ? null : (items ?? 'unavailable');
}
