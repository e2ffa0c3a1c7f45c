export * from './settings';
export * from './maintenances';
