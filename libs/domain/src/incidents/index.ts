export * from './settings';
export * from './retrospectives';
