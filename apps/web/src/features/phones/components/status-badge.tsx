import { Badge } from '@mantine/core';

export function StatusBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge color="green" variant="light">
      Verified
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      Not verified
    </Badge>
  );
}
