/**
 * Retries `check` until it holds, for what follows the log a moment after a 2xx (views, jobs, pages sent):
 * a check holds once it neither throws nor returns `false`, `null` or `undefined`, and `eventually` resolves
 * to what it returned. So a check is either a condition (`() => pages.length === 2`), a search
 * (`() => pages.find(...)`), or a block of expectations that ends `return true` (or returns what it checked).
 * After `timeoutMs` the last failure is thrown.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined)
        return value as Exclude<T, false | null | undefined>;
      failure = new Error(`eventually: the check still returned ${String(value)}`);
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
