import { Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { useCurrentUser } from '@/lib/get-me';
import { useRoom, type LiveRoom } from '@/lib/use-room';
import { ResourceLoadFailure } from '@/features/signals/shared/components/resource-load-failure';
import {
  retrospectiveExportPath,
  type Retrospective,
  type RetrospectiveDocumentBlock,
  type RetrospectiveStatusName,
} from '@tocsin/contracts';
import { useChangeRetrospectiveState } from '../api/change-retrospective-state';
import { retrospectiveKey, useRetrospective } from '../api/get-retrospective';
import { useRetrospectiveTemplates } from '../api/get-retrospective-templates';
import { useStartRetrospective } from '../api/start-retrospective';
import { FactorsEditor } from './factors-editor';
import { QuestionEditor } from './question-editor';
import { RetrospectivePresence } from './retrospective-presence';

export const STATUS_LABELS: Record<RetrospectiveStatusName, string> = {
  in_progress: 'In progress',
  in_review: 'In review',
  completed: 'Completed',
};
const STATUS_COLORS: Record<RetrospectiveStatusName, string> = {
  in_progress: 'blue',
  in_review: 'yellow',
  completed: 'green',
};

/**
 * /incidents/{incidentId}/retrospective: start one from a template, or work the one under way with the others
 * in its live room.
 */
export function RetrospectivePage({ canManage }: { canManage: boolean }) {
  const { incidentId = '' } = useParams();
  const retrospective = useRetrospective(incidentId);
  if (retrospective.isPending) return <LoadingArea />;
  if (retrospective.isError) {
    return (
      <ResourceLoadFailure
        title="Retrospective"
        thing="incident"
        error={retrospective.error}
        testId="incident-not-found"
        back={{ to: '/incidents', label: 'Incidents' }}
      />
    );
  }
  return <LiveRetrospective incidentId={incidentId} retrospective={retrospective.data} canManage={canManage} />;
}

/**
 * Follows `room:retrospective:{incidentId}` from the start screen on: who is here and typing an answer, and each
 * event of the retrospective or its incident (live, or caught up after a reconnect) reads it again, so another
 * editor's answer, factor, state or start shows within a second.
 */
function LiveRetrospective({
  incidentId,
  retrospective,
  canManage,
}: {
  incidentId: string;
  retrospective: Retrospective | null;
  canManage: boolean;
}) {
  const me = useCurrentUser().user.id;
  const queryClient = useQueryClient();
  const room = useRoom('retrospective', incidentId, {
    onEvent: () => void queryClient.invalidateQueries({ queryKey: retrospectiveKey(incidentId) }),
  });
  const presence = <RetrospectivePresence room={room} me={me} />;
  if (!retrospective) return <StartRetrospective incidentId={incidentId} canManage={canManage} presence={presence} />;
  return <RetrospectiveDetail retrospective={retrospective} canManage={canManage} room={room} presence={presence} />;
}

function StartRetrospective({
  incidentId,
  canManage,
  presence,
}: {
  incidentId: string;
  canManage: boolean;
  presence: ReactNode;
}) {
  const templates = useRetrospectiveTemplates();
  const start = useStartRetrospective();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const chosen = templateId ?? options.find((o) => o.value === 'standard')?.value ?? options[0]?.value ?? null;
  return (
    <Stack maw={640}>
      <Anchor component={Link} to={`/incidents/${encodeURIComponent(incidentId)}`} size="sm">
        <span aria-hidden>← </span>Incident
      </Anchor>
      <Title order={1} size="h2">
        Retrospective
      </Title>
      {presence}
      <Text>
        No retrospective has started for this incident. Start one from a template: its sections and questions are copied
        in, and the incident's milestones, starred timeline entries, roles and follow-ups are filled in.
      </Text>
      <Select
        label="Template"
        data={options}
        value={chosen}
        onChange={setTemplateId}
        allowDeselect={false}
        disabled={!canManage || options.length === 0}
        placeholder={templates.isPending ? 'Loading templates…' : 'No template to start from'}
      />
      {start.isError && <ErrorAlert error={start.error} title="The retrospective did not start" />}
      <Group>
        <PermissionButton
          allowed={canManage}
          permission="manage_incidents"
          loading={start.isPending}
          disabled={canManage && !chosen}
          onClick={() => chosen && start.mutate({ incidentId, templateId: chosen })}
        >
          Start retrospective
        </PermissionButton>
      </Group>
    </Stack>
  );
}

function StateButtons({ retrospective, canManage }: { retrospective: Retrospective; canManage: boolean }) {
  const change = useChangeRetrospectiveState();
  const move = (status: RetrospectiveStatusName, label: string, variant = 'filled') => (
    <PermissionButton
      key={status}
      allowed={canManage}
      permission="manage_incidents"
      variant={variant}
      loading={change.isPending && change.variables?.status === status}
      onClick={() => change.mutate({ incidentId: retrospective.incident_id, status })}
    >
      {label}
    </PermissionButton>
  );
  const buttons =
    retrospective.status === 'in_progress'
      ? [move('in_review', 'Move to review')]
      : retrospective.status === 'in_review'
        ? [move('in_progress', 'Back to in progress', 'default'), move('completed', 'Complete')]
        : [];
  return (
    <Stack gap="xs">
      {buttons.length > 0 && <Group gap="xs">{buttons}</Group>}
      {change.isError && <ErrorAlert error={change.error} title="The state did not change" />}
    </Stack>
  );
}

function ReadOnlyBlock({ block }: { block: RetrospectiveDocumentBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={{ overflowWrap: 'anywhere' }}>{block.text}</Text>;
    case 'table':
      if (block.rows.length === 0)
        return block.empty ? (
          <Text c="dimmed" size="sm" fs="italic">
            {block.empty}
          </Text>
        ) : null;
      return (
        <Table striped withTableBorder layout="fixed" fz="sm">
          <Table.Thead>
            <Table.Tr>
              {block.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.rows.map((row, i) => (
              <Table.Tr key={i}>
                {row.map((cell, j) => (
                  <Table.Td key={j} style={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    default:
      return null;
  }
}

function RetrospectiveDetail({
  retrospective,
  canManage,
  room,
  presence,
}: {
  retrospective: Retrospective;
  canManage: boolean;
  room: LiveRoom;
  presence: ReactNode;
}) {
  const { document, sections, incident_id: incidentId } = retrospective;
  const editable = canManage && retrospective.status !== 'completed';
  // the template's sections are the document's last ones, in order; the overview and any part without a
  // section of its own come first
  const offset = document.sections.length - sections.length;
  const answers = new Map(retrospective.answers.map((a) => [a.question_id, a]));
  return (
    <Stack maw={960}>
      <Anchor component={Link} to={`/incidents/${encodeURIComponent(incidentId)}`} size="sm">
        <span aria-hidden>← </span>
        {retrospective.incident_reference}: {retrospective.incident_name}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {document.title}
          </Title>
          <Badge variant="light" color={STATUS_COLORS[retrospective.status]} data-testid="retrospective-status">
            {STATUS_LABELS[retrospective.status]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button component="a" variant="default" href={retrospectiveExportPath(incidentId, 'md')} download>
            Export Markdown
          </Button>
          <Button component="a" variant="default" href={retrospectiveExportPath(incidentId, 'pdf')} download>
            Export PDF
          </Button>
        </Group>
      </Group>
      {presence}
      <StateButtons retrospective={retrospective} canManage={canManage} />
      {retrospective.status === 'completed' && (
        <Text c="dimmed" size="sm">
          This retrospective is completed: it takes no more edits.
        </Text>
      )}
      {document.sections.map((section, index) => {
        const templateSection = index >= offset ? sections[index - offset] : null;
        let question = 0;
        return (
          <Card key={index} withBorder padding="md" component="section" aria-labelledby={`retro-section-${index}`}>
            <Stack gap="sm">
              <Title order={2} size="h4" id={`retro-section-${index}`} style={{ overflowWrap: 'anywhere' }}>
                {section.title}
              </Title>
              {section.blocks.map((block, i) => {
                if (block.kind === 'list')
                  return (
                    <FactorsEditor
                      key={i}
                      incidentId={incidentId}
                      factors={retrospective.contributing_factors}
                      editable={editable}
                      canManage={canManage}
                    />
                  );
                if (block.kind !== 'question') return <ReadOnlyBlock key={i} block={block} />;
                const q = templateSection?.questions[question++];
                if (!q) return null;
                return (
                  <QuestionEditor
                    key={q.id}
                    incidentId={incidentId}
                    questionId={q.id}
                    prompt={q.prompt}
                    answer={answers.get(q.id)!}
                    editable={editable}
                    setTyping={room.setTyping}
                  />
                );
              })}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
