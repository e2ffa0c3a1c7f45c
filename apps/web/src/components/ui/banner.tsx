import { Anchor, Button, Group, Image, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { bannerView, type BannerActionView, type BannerProps } from './banner-view';

export type { BannerAction, BannerProps } from './banner-view';

/**
 * A refused action stays focusable (aria-disabled rather than disabled) so its tooltip reaches keyboard and
 * pointer users alike; a disabled button receives no events to show it on.
 */
function ActionButton({ action }: { action: BannerActionView }) {
  const variant = action.primary ? 'filled' : 'default';
  if (action.disabled) {
    return (
      <Tooltip label={action.tooltip} withArrow multiline maw={280}>
        <Button variant={variant} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
          {action.label}
        </Button>
      </Tooltip>
    );
  }
  return action.target.kind === 'route' ? (
    <Button variant={variant} component={Link} to={action.target.to}>
      {action.label}
    </Button>
  ) : (
    <Button variant={variant} onClick={action.target.onClick}>
      {action.label}
    </Button>
  );
}

/** SPEC.md section 1: the banner widget. */
export function Banner(props: BannerProps) {
  const view = bannerView(props);
  const warning = view.tone === 'warning';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg={warning ? 'orange.0' : 'blue.0'}
      style={{ borderColor: `var(--mantine-color-${warning ? 'orange' : 'blue'}-3)` }}
      role={warning ? 'alert' : 'region'}
      aria-label={view.title}
      data-testid={props.testId}
    >
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {view.image && <Image src={view.image.src} alt={view.image.alt} w={96} h={96} fit="contain" visibleFrom="sm" />}
        <Stack gap="xs" style={{ flex: 1 }}>
          <Title order={2} size="h4">
            {view.title}
          </Title>
          <Text size="sm">{view.text}</Text>
          <Group gap="sm" mt={4}>
            {view.actions.map((action) => (
              <ActionButton key={action.label} action={action} />
            ))}
            {view.learnMore && (
              <Anchor
                href={view.learnMore.href}
                size="sm"
                {...(view.learnMore.external && { target: '_blank', rel: 'noopener noreferrer' })}
              >
                Learn more
              </Anchor>
            )}
            {view.dismissible && (
              <Button variant="subtle" color="gray" onClick={props.onDismiss} ml="auto">
                Dismiss
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
