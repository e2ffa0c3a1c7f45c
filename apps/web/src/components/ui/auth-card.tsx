import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID } from './skip-link';

/** The frame of the signed-out pages: one narrow card, the product name above it. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="md">
        <Anchor component={Link} to="/" underline="never" ta="center">
          <Text fw={800} size="xl" c="red">
            Tocsin
          </Text>
        </Anchor>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} size="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
