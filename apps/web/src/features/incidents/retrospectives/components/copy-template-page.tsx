import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { ResourceLoadFailure } from '@/features/signals/shared/components/resource-load-failure';
import { useCreateRetrospectiveTemplate } from '../api/create-retrospective-template';
import { useRetrospectiveTemplate } from '../api/get-retrospective-template';
import { copyFormValues, templateRequest } from '../lib/template-form-values';
import { TemplateForm } from './template-form';
import { templateHref, TEMPLATES_HREF } from './templates-page';

/** /settings/retrospectives/templates/{id}/copy: a new template that starts as "Copy of X", changed before saving. */
export function CopyTemplatePage() {
  const { retrospectiveTemplateId = '' } = useParams();
  const source = useRetrospectiveTemplate(retrospectiveTemplateId);
  const create = useCreateRetrospectiveTemplate();
  const navigate = useNavigate();
  if (source.isPending) return <LoadingArea />;
  if (source.isError) {
    return (
      <ResourceLoadFailure
        title="Copy retrospective template"
        thing="retrospective template"
        error={source.error}
        testId="template-not-found"
        back={{ to: TEMPLATES_HREF, label: 'Retrospective templates' }}
      />
    );
  }
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={templateHref(source.data)} size="sm">
        <span aria-hidden>← </span>
        {source.data.name}
      </Anchor>
      <Title order={1} size="h2">
        Copy retrospective template
      </Title>
      <Text size="sm" c="dimmed">
        The copy is a template of its own: changing it later leaves {source.data.name} as it is.
      </Text>
      <TemplateForm
        label="Copy of the retrospective template"
        defaultValues={copyFormValues(source.data)}
        submitLabel="Create copy"
        errorTitle="Could not create the copy"
        error={create.error}
        onCancel={() => navigate(templateHref(source.data))}
        onSubmit={(values) =>
          create.mutateAsync(templateRequest(values), { onSuccess: (made) => navigate(templateHref(made)) })
        }
      />
    </Stack>
  );
}
