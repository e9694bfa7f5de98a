import { describe, expect, it } from 'vitest';
import { fileCheckpointer } from '../../indexer/src/app/store.ts';
import { SyncServices, type SyncServicesOptions } from '../../indexer/src/app/sync-services.ts';

describe('SyncServices', () => {
  it('is not running before start, stops at once when never started, and holds syncing() until it starts', async () => {
    const sync = new SyncServices({} as SyncServicesOptions);
    expect(sync.running).toBe(false);
    expect(sync.status()).toBeUndefined();
    expect([sync.statsBlock(), sync.tracedBlock(), sync.syncTimings()]).toEqual([null, null, null]);
    await sync.stop();
    await sync.caughtUp();
    let resolved = false;
    void sync.syncing().then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(resolved).toBe(false);
  });
});

describe('fileCheckpointer', () => {
  it.each([[null], [':memory:']])('has no checkpointer for %s', (file) => {
    expect(fileCheckpointer(file, () => {})).toBeNull();
  });
});
