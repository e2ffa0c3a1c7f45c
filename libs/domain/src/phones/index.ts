export * from './constants';
export * from './refusal';
export * from './codes';
export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
