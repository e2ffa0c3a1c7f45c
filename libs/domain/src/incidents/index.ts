export * from './settings';
export * from './maintenances';
export * from './incidents';
export * from './retrospectives';
