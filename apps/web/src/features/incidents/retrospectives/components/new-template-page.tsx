import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useCreateRetrospectiveTemplate } from '../api/create-retrospective-template';
import { templateFormValues, templateRequest } from '../lib/template-form-values';
import { TemplateForm } from './template-form';
import { templateHref, TEMPLATES_HREF } from './templates-page';

/** /settings/retrospectives/templates/new */
export function NewTemplatePage() {
  const create = useCreateRetrospectiveTemplate();
  const navigate = useNavigate();
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={TEMPLATES_HREF} size="sm">
        <span aria-hidden>← </span>Retrospective templates
      </Anchor>
      <Title order={1} size="h2">
        New retrospective template
      </Title>
      <TemplateForm
        label="New retrospective template"
        defaultValues={templateFormValues()}
        submitLabel="Create template"
        errorTitle="Could not create the template"
        error={create.error}
        onCancel={() => navigate(TEMPLATES_HREF)}
        onSubmit={(values) =>
          create.mutateAsync(templateRequest(values), { onSuccess: (made) => navigate(templateHref(made)) })
        }
      />
    </Stack>
  );
}
