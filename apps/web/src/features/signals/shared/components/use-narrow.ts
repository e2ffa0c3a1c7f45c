import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below the theme's `sm` breakpoint lists show cards instead of tables; known at first render, no flash. */
export function useNarrow(): boolean {
  const theme = useMantineTheme();
  return (
    useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, { getInitialValueInEffect: false }) ??
    false
  );
}
