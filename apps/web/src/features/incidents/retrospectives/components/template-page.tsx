import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { ResourceLoadFailure } from '@/features/signals/shared/components/resource-load-failure';
import { useState } from 'react';
import type { RetrospectiveTemplate } from '@tocsin/contracts';
import { useDeleteRetrospectiveTemplate } from '../api/delete-retrospective-template';
import { useRetrospectiveTemplate } from '../api/get-retrospective-template';
import { templateHref, TEMPLATES_HREF } from './templates-page';

/** /settings/retrospectives/templates/{id}: the template as retrospectives start from it (read-only). */
export function TemplatePage({ canManage }: { canManage: boolean }) {
  const { retrospectiveTemplateId = '' } = useParams();
  const template = useRetrospectiveTemplate(retrospectiveTemplateId);
  if (template.isPending) return <LoadingArea />;
  if (template.isError) {
    return (
      <ResourceLoadFailure
        title="Retrospective template"
        thing="retrospective template"
        error={template.error}
        testId="template-not-found"
        back={{ to: TEMPLATES_HREF, label: 'Retrospective templates' }}
      />
    );
  }
  return <TemplateDetail template={template.data} canManage={canManage} />;
}

function TemplateDetail({ template, canManage }: { template: RetrospectiveTemplate; canManage: boolean }) {
  const remove = useDeleteRetrospectiveTemplate();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const manage = (label: string, onClick: () => void, color?: string) => (
    <PermissionButton
      allowed={canManage}
      permission="manage_incident_settings"
      variant="default"
      color={color}
      onClick={onClick}
    >
      {label}
    </PermissionButton>
  );
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={TEMPLATES_HREF} size="sm">
        <span aria-hidden>← </span>Retrospective templates
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Title>
          {template.is_default && (
            <Badge variant="light" color="gray">
              Default
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {manage('Edit', () => navigate(`${templateHref(template)}/edit`))}
          {manage('Copy', () => navigate(`${templateHref(template)}/copy`))}
          {manage('Delete', () => setDeleting(true), 'red')}
        </Group>
      </Group>
      {template.description && <Text style={{ overflowWrap: 'anywhere' }}>{template.description}</Text>}
      {template.sections.map((section, index) => (
        <Card key={section.id} withBorder padding="md" component="section" aria-labelledby={`section-${section.id}`}>
          <Title order={2} size="h4" id={`section-${section.id}`} style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {section.title}
          </Title>
          {section.questions.length === 0 ? (
            <Text c="dimmed" size="sm" mt="xs">
              No questions: a place for notes.
            </Text>
          ) : (
            <List type="ordered" mt="xs" spacing={4}>
              {section.questions.map((question) => (
                <List.Item key={question.id} style={{ overflowWrap: 'anywhere' }}>
                  {question.prompt}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      ))}
      <ConfirmDialog
        opened={deleting}
        title="Delete this template?"
        confirmLabel="Delete template"
        loading={remove.isPending}
        error={remove.error}
        errorTitle="Could not delete the template"
        onClose={() => (remove.reset(), setDeleting(false))}
        onConfirm={() => remove.mutate(template.id, { onSuccess: () => navigate(TEMPLATES_HREF) })}
      >
        New retrospectives can no longer start from it. Retrospectives already started from it keep their questions.
      </ConfirmDialog>
    </Stack>
  );
}
