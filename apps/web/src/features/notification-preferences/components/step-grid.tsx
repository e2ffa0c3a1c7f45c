import { Box, Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Type, destination, delay, actions: the same columns for the header, read rows, the edited row and unmet items. */
const COLUMNS = '150px minmax(0, 1fr) 120px 205px';

export function StepGrid({ children, align = 'center' }: { children: ReactNode; align?: 'center' | 'start' }) {
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: COLUMNS, columnGap: 12, rowGap: 6, alignItems: align }}>
      {children}
    </Box>
  );
}

/** One step: its columns, and under them what the policy says of it. */
export function StepCard({ children, footer, ...props }: PaperProps & { children: ReactNode; footer?: ReactNode; 'data-testid'?: string; [data: `data-${string}`]: string | undefined }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} {...props}>
      {children}
      {footer && <Box mt={6}>{footer}</Box>}
    </Paper>
  );
}
