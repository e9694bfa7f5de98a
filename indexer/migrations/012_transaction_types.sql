-- What a typed transaction carries beyond the common fields (issue 29), one row per transaction that has any of it:
-- the access list (types 1 to 4), the EIP-7702 authorization list (type 4; each entry's authority is recovered from its
-- signature on the first request, ~4 ms each, rather than while syncing), and
-- the EIP-4844 blob fields (type 3: versioned hashes and maxFeePerBlobGas from the transaction, blobGasUsed and
-- blobGasPrice from its receipt). Whether each authorization was applied is worked out on the first request (it needs
-- the authority's nonce and code before the block: indexer/src/api/authorizations.ts) and kept in `applied`.
-- tx_id is transactions.id; a reorg removes the rows of the blocks it removes.
CREATE TABLE transaction_types (
  tx_id INTEGER PRIMARY KEY,
  access_list TEXT,             -- JSON [{address, storageKeys}]
  authorizations TEXT,          -- JSON [{chainId, address, nonce, yParity, r, s, authority}] (decimal chainId and nonce; authority recovered on the first request, null when invalid)
  applied TEXT,                 -- JSON [true | false | null, …] in authorization order, once known
  blob_hashes TEXT,             -- JSON [versioned hash]
  max_fee_per_blob_gas TEXT,
  blob_gas_used TEXT,
  blob_gas_price TEXT
) WITHOUT ROWID;
