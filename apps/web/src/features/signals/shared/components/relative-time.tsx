import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fullTime, timeAgo } from '../../alerts/lib/alert-format';

/** "3 minutes ago", kept current each minute, with the exact time for the pointer and in the markup. */
export function RelativeTime({ iso, ...props }: { iso: string } & TextProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text component="time" dateTime={iso} title={fullTime(iso)} size="sm" {...props}>
      {timeAgo(iso, now)}
    </Text>
  );
}
