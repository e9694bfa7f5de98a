// Runs WAL checkpoints on its own connection in a worker thread, so that their fsyncs never block the
// event loop that serves the API and writes blocks.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { errorMessage } from '../../../common/errors.ts';

const db = new DatabaseSync((workerData as { file: string }).file);
db.exec('PRAGMA busy_timeout = 5000');

parentPort?.on('message', (msg: string) => {
  if (msg === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    parentPort?.postMessage('done');
  } catch (err) {
    parentPort?.postMessage(`error: ${errorMessage(err)}`);
  }
});
