export * from './model';
export * from './final-schedule';
export * from './on-call-now';
export { isTimeZone } from './wall-clock';
