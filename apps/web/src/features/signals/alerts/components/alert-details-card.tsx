import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Alert } from '@tocsin/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../shared/components/relative-time';
import { labelPairs, safeHref } from '../lib/alert-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

interface Props {
  alert: Alert;
  sourceLabel: string;
  /** Those who may not read sources see the source's name (or id) without a link to a page they cannot open. */
  linkSource: boolean;
  teamLabel: string;
}

/** What the alert says of itself and where it went: source, team, times, routing, labels and links. */
export function AlertDetailsCard({ alert, sourceLabel, linkSource, teamLabel }: Props) {
  const labels = labelPairs(alert.labels);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        <Fact label="Source">
          {linkSource ? (
            <Anchor component={Link} to={`/signals/sources/${encodeURIComponent(alert.source_id)}`}>
              {sourceLabel}
            </Anchor>
          ) : (
            sourceLabel
          )}
        </Fact>
        <Fact label="Team">{teamLabel}</Fact>
        <Fact label="Triggered">
          <RelativeTime iso={alert.triggered_at} />
        </Fact>
        <Fact label="Received">{alert.count === 1 ? 'Once' : `${alert.count} times`}</Fact>
        {alert.acknowledged_at && (
          <Fact label="Acknowledged">
            <RelativeTime iso={alert.acknowledged_at} />
          </Fact>
        )}
        {alert.resolved_at && (
          <Fact label="Resolved">
            <RelativeTime iso={alert.resolved_at} />
          </Fact>
        )}
        <Fact label="Routing">
          {alert.routing.kind === 'route' ? 'Matched a team rule' : "No rule matched: the source's default"}
        </Fact>
        <Fact label="Dedup key">
          <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {alert.dedup_key}
          </Text>
        </Fact>
      </SimpleGrid>
      <Title order={3} size="h5" mt="md" mb={6}>
        Labels
      </Title>
      {labels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No labels.
        </Text>
      ) : (
        <Group gap={6} data-testid="alert-labels">
          {labels.map((pair) => (
            <Badge key={pair} variant="light" color="gray" tt="none" style={{ maxWidth: '100%' }}>
              {pair}
            </Badge>
          ))}
        </Group>
      )}
      <Title order={3} size="h5" mt="md" mb={6}>
        Links
      </Title>
      {alert.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No links.
        </Text>
      ) : (
        <Stack gap={4}>
          {alert.links.map((link) => {
            const href = safeHref(link.href);
            return href ? (
              <Anchor key={link.href} href={href} target="_blank" rel="noopener noreferrer" size="sm">
                {link.text || link.href}
              </Anchor>
            ) : (
              <Text key={link.href} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {link.text ? `${link.text}: ` : ''}
                {link.href}
              </Text>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
