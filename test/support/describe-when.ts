/**
 * Runs a suite only when the server it needs is configured, and says by name why it was skipped
 * otherwise. In CI a suite marked `requiredInCi` fails instead of skipping.
 */
export function describeWhen(
  condition: boolean,
  name: string,
  reason: string,
  body: () => void,
  requiredInCi = false,
): void {
  if (condition) {
    describe(name, body);
    return;
  }
  if (requiredInCi && process.env.CI === 'true') {
    describe(name, () => {
      it('has its server in CI', () => {
        throw new Error(`${name} must run in CI but ${reason}`);
      });
    });
    return;
  }
  const skipped = describe.skip;
  skipped(`${name} (skipped: ${reason})`, body);
}
