/**
 * The reliability drill's way to stop a process between two steps of a run, as a power cut would: when
 * TOCSIN_CRASH_AFTER_STEP names `{kind}:{step}` the process kills itself (SIGKILL, nothing flushed) right
 * after recording that step. Never in production, whatever the environment says.
 */
export function crashPointReached(nodeEnv: string, point: string): void {
  if (nodeEnv === 'production' || process.env.TOCSIN_CRASH_AFTER_STEP !== point) return;
  process.kill(process.pid, 'SIGKILL');
}
