export * from './settings';
export * from './incidents';
