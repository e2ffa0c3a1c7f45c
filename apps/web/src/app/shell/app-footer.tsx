import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useStatus } from '@/features/health/api/get-status';

const PROVIDER = 'Tocsin';

/** The live public status; while unknown or unreachable the footer simply leaves it out. */
function FooterStatus() {
  const status = useStatus();
  if (!status.data) return null;
  const { description, indicator } = status.data.status;
  return (
    <Badge
      color={indicator === 'none' ? 'green' : 'red'}
      variant="dot"
      data-testid="footer-status"
      data-indicator={indicator}
    >
      {description}
    </Badge>
  );
}

export function AppFooter() {
  return (
    <Group component="footer" justify="space-between" py="md" gap="sm" data-testid="app-footer">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} {PROVIDER}
        </Text>
        <FooterStatus />
      </Group>
      <Group gap="md">
        <Anchor component={Link} to="/legal/terms" size="sm" c="dimmed">
          Subscription Services Agreement
        </Anchor>
        <Anchor component={Link} to="/legal/privacy" size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/about" size="sm" c="dimmed">
          About
        </Anchor>
      </Group>
    </Group>
  );
}
