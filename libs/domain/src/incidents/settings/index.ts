export * from './model';
export * from './defaults';
