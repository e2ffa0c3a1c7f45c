import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useNarrow } from '@/features/signals/shared/components/use-narrow';
import type { RetrospectiveTemplate } from '@tocsin/contracts';
import { useRetrospectiveTemplates } from '../api/get-retrospective-templates';

export const TEMPLATES_HREF = '/settings/retrospectives/templates';
export const templateHref = (template: Pick<RetrospectiveTemplate, 'id'>) =>
  `${TEMPLATES_HREF}/${encodeURIComponent(template.id)}`;

const questionCount = (template: RetrospectiveTemplate) =>
  template.sections.reduce((sum, section) => sum + section.questions.length, 0);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function DefaultBadge({ template }: { template: RetrospectiveTemplate }) {
  return template.is_default ? (
    <Badge variant="light" color="gray">
      Default
    </Badge>
  ) : null;
}

/** /settings/retrospectives/templates: what retrospectives start from. */
export function TemplatesPage({ canManage }: { canManage: boolean }) {
  const templates = useRetrospectiveTemplates();
  const navigate = useNavigate();
  const narrow = useNarrow();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Retrospective templates
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_incident_settings"
          onClick={() => navigate(`${TEMPLATES_HREF}/new`)}
        >
          New template
        </PermissionButton>
      </Group>
      <Text c="dimmed" size="sm">
        A retrospective starts from a template: its sections and questions, with the incident&apos;s milestones, starred
        timeline entries, roles and follow-ups filled in.
      </Text>
      {templates.isPending ? (
        <LoadingArea />
      ) : templates.isError ? (
        <ErrorAlert error={templates.error} title="Could not load the retrospective templates" />
      ) : templates.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="templates-empty">
          No retrospective templates. Create one to start retrospectives from.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Retrospective templates">
          {templates.data.map((template) => (
            <Card key={template.id} component="li" withBorder padding="sm" data-testid="template-row">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={templateHref(template)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {template.name}
                </Anchor>
                <DefaultBadge template={template} />
              </Group>
              <Text size="sm" c="dimmed">
                {plural(template.sections.length, 'section')} · {plural(questionCount(template), 'question')}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="Retrospective templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Sections</Table.Th>
              <Table.Th>Questions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((template) => (
              <Table.Tr key={template.id} data-testid="template-row">
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={templateHref(template)} fw={500}>
                      {template.name}
                    </Anchor>
                    <DefaultBadge template={template} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{template.description}</Table.Td>
                <Table.Td>{template.sections.length}</Table.Td>
                <Table.Td>{questionCount(template)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
