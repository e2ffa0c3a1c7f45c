import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { ResourceLoadFailure } from '@/features/signals/shared/components/resource-load-failure';
import type { RetrospectiveTemplate } from '@tocsin/contracts';
import { useChangeRetrospectiveTemplate } from '../api/change-retrospective-template';
import { useRetrospectiveTemplate } from '../api/get-retrospective-template';
import { conflictOf, templateFormValues, templateRequest } from '../lib/template-form-values';
import { TemplateForm } from './template-form';
import { templateHref, TEMPLATES_HREF } from './templates-page';

/** /settings/retrospectives/templates/{id}/edit */
export function EditTemplatePage() {
  const { retrospectiveTemplateId = '' } = useParams();
  const template = useRetrospectiveTemplate(retrospectiveTemplateId);
  if (template.isPending) return <LoadingArea />;
  if (template.isError) {
    return (
      <ResourceLoadFailure
        title="Edit retrospective template"
        thing="retrospective template"
        error={template.error}
        testId="template-not-found"
        back={{ to: TEMPLATES_HREF, label: 'Retrospective templates' }}
      />
    );
  }
  return <TemplateEditor opened={template.data} />;
}

/**
 * Saves with the revision the editor opened. When someone else saved first, nothing is overwritten: the page says
 * so and offers to start again from what they saved.
 */
function TemplateEditor({ opened }: { opened: RetrospectiveTemplate }) {
  const [base, setBase] = useState(opened);
  const change = useChangeRetrospectiveTemplate();
  const navigate = useNavigate();
  const back = () => navigate(templateHref(base));
  const theirs = conflictOf(change.error);
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={templateHref(base)} size="sm">
        <span aria-hidden>← </span>
        {base.name}
      </Anchor>
      <Title order={1} size="h2">
        Edit retrospective template
      </Title>
      {theirs && (
        <Alert
          color="yellow"
          title="Someone else saved this template since you opened it"
          data-testid="template-conflict"
        >
          <Stack gap="xs" align="flex-start">
            {`Your changes were not saved. It is now named "${theirs.name}", with ${theirs.sections.length} sections.`}
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                change.reset();
                setBase(theirs);
              }}
            >
              Start again from their version
            </Button>
          </Stack>
        </Alert>
      )}
      <TemplateForm
        key={base.revision}
        label="Retrospective template"
        defaultValues={templateFormValues(base)}
        submitLabel="Save"
        errorTitle="Could not save the template"
        error={theirs ? null : change.error}
        onCancel={back}
        onSubmit={(values) =>
          change.mutateAsync(
            { templateId: base.id, body: { revision: base.revision, ...templateRequest(values) } },
            { onSuccess: back },
          )
        }
      />
    </Stack>
  );
}
