import type { TokenApproval } from '../model/approval.ts';
import { normalizeApprovals } from '../normalize/approval.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

/**
 * GET /address/{a}/approvals?limit&offset → the ERC-20 allowances and operator approvals an owner has in force, newest
 * grant first; null when the indexer has no such list (404: the chain operator's indexer).
 */
export function getAddressApprovals(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenApproval[] | null> {
  return t.find(`/address/${seg(address)}/approvals`, normalizeApprovals, pageQuery(query), request);
}
