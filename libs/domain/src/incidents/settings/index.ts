export * from './model';
export * from './defaults';
export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
