import { Center, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** SPEC.md section 9: the spinner appears only after 300 ms, so fast loads do not flash. */
export const LOADING_SPINNER_DELAY_MS = 300;
const LOADING_AREA_HEIGHT = 400;

export function LoadingArea({ label = 'Loading...' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center h={LOADING_AREA_HEIGHT} data-testid="loading-area" aria-busy="true">
      {visible && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">{label}</Text>
        </Group>
      )}
    </Center>
  );
}
