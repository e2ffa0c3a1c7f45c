import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Incident } from '@tocsin/contracts';
import { Controller, useForm, type Path } from 'react-hook-form';
import { LoadingArea } from '@/components/ui/loading-area';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { ApiError } from '@/lib/api-client';
import { useIncidentSettings } from '../../settings/api/get-incident-settings';
import { useEscalationPolicies } from '../../../signals/escalation-policies/api/get-escalation-policies';
import { useTeamOptions } from '../../../signals/shared/api/get-team-options';
import { useNarrow } from '../../../signals/shared/components/use-narrow';
import { useDeclareIncident } from '../api/declare-incident';
import { LabelRows } from './incident-field-input';
import {
  declareFormValues,
  declareProblems,
  declareRequest,
  requiredFormFields,
  type DeclareFormValues,
  type DeclareStart,
} from '../lib/declare-form';

/** The API's field -> the form's field that shows its message. */
const SERVER_FIELDS: Record<string, Path<DeclareFormValues>> = {
  name: 'name',
  summary: 'summary',
  customer_impact: 'customer_impact',
  severity_id: 'severity_id',
  priority_id: 'priority_id',
  type_id: 'type_id',
  team_id: 'team_id',
  impacted_services: 'impacted_services',
  environments: 'environments',
  labels: 'labels',
  'page.team_id': 'page_team_id',
  'page.escalation_policy_id': 'page_escalation_policy_id',
};

interface Props {
  opened: boolean;
  onClose: () => void;
  onDeclared: (incident: Incident) => void;
  /** From an alert: its summary as the name, its team, and the link both ways. */
  start?: DeclareStart;
}

/** Declaring an incident, by hand or from an alert: a modal over the page it starts from (a full screen on a phone). */
export function DeclareIncidentModal({ opened, onClose, onDeclared, start }: Props) {
  useReturnFocus(opened);
  const narrow = useNarrow();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Declare incident"
      size="lg"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      {opened && <DeclareIncidentForm onClose={onClose} onDeclared={onDeclared} start={start} />}
    </Modal>
  );
}

function DeclareIncidentForm({ onClose, onDeclared, start }: Omit<Props, 'opened'>) {
  const settings = useIncidentSettings();
  if (settings.isPending) return <LoadingArea />;
  if (settings.isError) return <ErrorAlert error={settings.error} title="Could not load the incident settings" />;
  return (
    <DeclareForm
      settings={settings.data}
      onClose={onClose}
      onDeclared={onDeclared}
      start={start}
      key={start?.alert_id ?? 'by-hand'}
    />
  );
}

function DeclareForm({
  settings,
  onClose,
  onDeclared,
  start,
}: Omit<Props, 'opened'> & { settings: NonNullable<ReturnType<typeof useIncidentSettings>['data']> }) {
  const declare = useDeclareIncident();
  const teams = useTeamOptions();
  const { register, control, handleSubmit, setError, clearErrors, watch, formState } = useForm<DeclareFormValues>({
    defaultValues: declareFormValues(start, settings.types[0]?.id ?? null),
  });
  const typeId = watch('type_id');
  const paging = watch('paging');
  const pageTeamId = watch('page_team_id');
  const policies = useEscalationPolicies(pageTeamId, { enabled: paging });
  const type = settings.types.find((t) => t.id === typeId);
  const required = requiredFormFields(type);
  const errors = formState.errors;
  const teamOptions = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));

  const submit = handleSubmit(async (values) => {
    clearErrors();
    const problems = Object.entries(declareProblems(values, type));
    if (problems.length) {
      for (const [field, message] of problems)
        setError(field as Path<DeclareFormValues>, { type: 'required', message });
      return;
    }
    try {
      const incident = await declare.mutateAsync(declareRequest(values, start));
      onDeclared(incident);
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.fields) return;
      for (const [field, messages] of Object.entries(failure.fields)) {
        const shownAt = SERVER_FIELDS[field];
        if (shownAt) setError(shownAt, { type: 'server', message: [messages].flat().join(', ') });
      }
    }
  });

  // a refusal's messages under their fields; only what no field shows goes in the alert above
  const failure = declare.error;
  const unshown =
    failure instanceof ApiError ? Object.entries(failure.fields ?? {}).filter(([field]) => !SERVER_FIELDS[field]) : [];
  const shownAll = failure instanceof ApiError && failure.fields && unshown.length === 0;

  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Declare incident">
      <Stack gap="md">
        {failure != null && (
          <Alert color="red" title="Could not declare the incident" role="alert">
            {shownAll ? 'Check the fields marked below.' : failure.message}
            {unshown.length > 0 && (
              <List size="sm" mt="xs">
                {unshown.map(([field, messages]) => (
                  <List.Item key={field}>{[messages].flat().join(', ')}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {start?.alert_id && (
          <Text size="sm" c="dimmed">
            Declared from this alert: each links to the other.
          </Text>
        )}
        <TextInput label="Name" withAsterisk data-autofocus {...register('name')} error={errors.name?.message} />
        <Controller
          name="type_id"
          control={control}
          render={({ field }) => (
            <Select
              label="Type"
              description={type?.description || undefined}
              data={settings.types.map((t) => ({ value: t.id, label: t.name }))}
              value={field.value}
              onChange={field.onChange}
              allowDeselect={false}
              error={errors.type_id?.message}
            />
          )}
        />
        <Textarea
          label="Summary"
          withAsterisk={required.has('summary')}
          autosize
          minRows={2}
          {...register('summary')}
          error={errors.summary?.message}
        />
        <Textarea
          label="Customer impact"
          withAsterisk={required.has('customer_impact')}
          autosize
          minRows={2}
          {...register('customer_impact')}
          error={errors.customer_impact?.message}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Controller
            name="severity_id"
            control={control}
            render={({ field }) => (
              <Select
                label="Severity"
                withAsterisk={required.has('severity_id')}
                placeholder="Not set"
                data={settings.severities.map((s) => ({ value: s.id, label: s.name }))}
                value={field.value}
                onChange={field.onChange}
                clearable
                error={errors.severity_id?.message}
              />
            )}
          />
          <Controller
            name="priority_id"
            control={control}
            render={({ field }) => (
              <Select
                label="Priority"
                withAsterisk={required.has('priority_id')}
                placeholder="Not set"
                data={settings.priorities.map((p) => ({ value: p.id, label: p.name }))}
                value={field.value}
                onChange={field.onChange}
                clearable
                error={errors.priority_id?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          name="team_id"
          control={control}
          render={({ field }) => (
            <Select
              label="Team"
              placeholder="No team"
              data={teamOptions}
              value={field.value}
              onChange={field.onChange}
              clearable
              searchable
              error={errors.team_id?.message}
            />
          )}
        />
        <Controller
          name="impacted_services"
          control={control}
          render={({ field }) => (
            <TagsInput
              label="Impacted services"
              withAsterisk={required.has('impacted_services')}
              description="Press Enter after each."
              value={field.value}
              onChange={field.onChange}
              clearable
              error={errors.impacted_services?.message}
            />
          )}
        />
        <Controller
          name="environments"
          control={control}
          render={({ field }) => (
            <TagsInput
              label="Environments"
              withAsterisk={required.has('environments')}
              description="Press Enter after each."
              value={field.value}
              onChange={field.onChange}
              clearable
              error={errors.environments?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="labels"
          render={({ field }) => (
            <LabelRows
              label="Labels"
              required={required.has('labels')}
              error={errors.labels?.message ?? errors.labels?.root?.message}
              rows={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Checkbox
          label="Page a team"
          description="Pages the team now through its escalation policy, as an alert of this incident."
          {...register('paging')}
        />
        {paging && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              name="page_team_id"
              control={control}
              render={({ field }) => (
                <Select
                  label="Team to page"
                  withAsterisk
                  placeholder="Choose a team"
                  data={teamOptions}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  error={errors.page_team_id?.message}
                />
              )}
            />
            <Controller
              name="page_escalation_policy_id"
              control={control}
              render={({ field }) => (
                <Select
                  label="Escalation policy"
                  placeholder="The team's first policy"
                  data={(policies.data ?? []).map((policy) => ({ value: policy.id, label: policy.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                  disabled={!pageTeamId}
                  error={errors.page_escalation_policy_id?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={formState.isSubmitting}>
            Declare incident
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
