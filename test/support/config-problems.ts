import { ConfigError, loadConfig } from '@tocsin/platform';

/** What the configuration check says about `env` (nothing when it boots). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
