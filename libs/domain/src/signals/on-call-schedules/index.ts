export * from './model';
export * from './events';
export * from './commands';
export * from './state';
export * from './schedule-fields';
export * from './layer-rules';
export * from './decide';
