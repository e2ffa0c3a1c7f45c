/** What a job's data or result becomes after a trip through JSON: undefined becomes null, as BullMQ stores it. */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T;
}
