// Time-outs of the indexer reads, as the product's specification gives them, in one place for the server and the islands.

/** Time-out of the main client. */
export const MAIN_CLIENT_TIMEOUT_MS = 15_000;
/** Time-out of the second client, used by browser islands that poll. */
export const SECOND_CLIENT_TIMEOUT_MS = 10_000;
/** Receipt time-out in the data layer. */
export const RECEIPT_TIMEOUT_MS = 1_500;
/** Receipt time-out when lists fetch one receipt per transaction. */
export const RECEIPT_LIST_TIMEOUT_MS = 1_000;
/** Health time-out. */
export const HEALTH_TIMEOUT_MS = 2_000;
/** TPS time-out. */
export const TPS_TIMEOUT_MS = 2_000;
/** Gas price time-out. */
export const GAS_PRICE_TIMEOUT_MS = 2_000;
/** Validator count time-out. */
export const VALIDATORS_TIMEOUT_MS = 5_000;
/** Validator payout time-out. */
export const PAYOUT_TIMEOUT_MS = 5_000;
/** Transaction count time-out. */
export const TX_COUNT_TIMEOUT_MS = 5_000;
/** Contract count time-out. */
export const CONTRACTS_TIMEOUT_MS = 5_000;
/** Holder statistics time-out. */
export const HOLDERS_TIMEOUT_MS = 8_000;
/** NFT list time-out. */
export const NFT_LIST_TIMEOUT_MS = 10_000;
/** Contract verification: compiling and looking for the reason of a mismatch take seconds to a minute. */
export const VERIFY_TIMEOUT_MS = 180_000;
