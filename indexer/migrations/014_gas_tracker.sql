-- The gas tracker (issue 30) reads the indexed transactions of the last 24 hours by block time: the first block at or
-- after a time, found through this index, bounds them as a range of transaction ids (block times never go back).
CREATE INDEX IF NOT EXISTS blocks_timestamp ON blocks (timestamp, number);
