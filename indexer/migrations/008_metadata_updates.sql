-- NFT metadata is fetched after the block that minted a token (indexer/src/metadata/queue.ts), so a token's page can
-- change while the head stays the same. metadata_updates counts the queue's writes to nft_tokens, each counted in the
-- write's own transaction; /health reports it, and the site keeps NFT pages per head block and this count.
ALTER TABLE sync_state ADD COLUMN metadata_updates INTEGER NOT NULL DEFAULT 0;
