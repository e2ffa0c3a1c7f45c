import { Box, Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './step-grid.module.css';

/**
 * Type, destination, delay, actions: the same columns for the header, read rows, the edited row and unmet items.
 * A narrow card stacks them (step-grid.module.css); `form` stacks the edited row's fields one a line there.
 */
export function StepGrid({
  children,
  align = 'center',
  variant,
  header,
}: {
  children: ReactNode;
  align?: 'center' | 'start';
  variant?: 'form';
  header?: boolean;
}) {
  return (
    <Box className={classes.container}>
      <Box
        className={header ? `${classes.grid} ${classes.header}` : classes.grid}
        data-variant={variant}
        style={{ alignItems: align }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** One step: its columns, and under them what the policy says of it. */
export function StepCard({
  children,
  footer,
  ...props
}: PaperProps & {
  children: ReactNode;
  footer?: ReactNode;
  'data-testid'?: string;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} {...props}>
      {children}
      {footer && <Box mt={6}>{footer}</Box>}
    </Paper>
  );
}
