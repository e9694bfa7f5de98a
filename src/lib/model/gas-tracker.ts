// The gas tracker as the site holds it after normalization: the indexer's contract shapes
// (common/gas-tracker.ts), every wei amount a canonical non-negative decimal string, every ratio within 0…1.
export type {
  GasBlock,
  GasConsumer,
  GasHour,
  GasLevel,
  GasLevelKey,
  GasTrackerLive,
  GasTrackerResponse as GasTracker,
} from '../../../common/gas-tracker.ts';
