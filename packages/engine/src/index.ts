export * from './types.ts';
export { MatchingEngine } from './matching-engine.ts';
export { EventLog, type EngineEvent } from './event-log.ts';
