import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { ApiError } from '@/lib/api-client';
import { useCreateGroupingRule } from '../api/create-grouping-rule';
import { useDeleteGroupingRule } from '../api/delete-grouping-rule';
import { useGroupingRule } from '../api/get-grouping-rule';
import { useUpdateGroupingRule } from '../api/update-grouping-rule';
import { groupingFormValues, groupingRequest } from '../lib/grouping-form-values';
import { GroupingRuleForm } from './grouping-rule-form';

const LIST = '/signals/alert_grouping';

function Back() {
  return (
    <Anchor component={Link} to={LIST} size="sm">
      <span aria-hidden>← </span>Alert grouping
    </Anchor>
  );
}

/** /signals/alert_grouping/new */
export function NewGroupingRulePage() {
  const create = useCreateGroupingRule();
  const navigate = useNavigate();
  return (
    <Stack maw={760}>
      <Back />
      <Title order={1} size="h2">
        New grouping rule
      </Title>
      <GroupingRuleForm
        mode="new"
        defaultValues={groupingFormValues()}
        submitLabel="Create rule"
        errorTitle="Could not create the rule"
        error={create.error}
        onCancel={() => navigate(LIST)}
        onSubmit={async (values) => {
          await create.mutateAsync(groupingRequest(values));
          navigate(LIST);
        }}
      />
    </Stack>
  );
}

/** /signals/alert_grouping/{id}/edit: the rule's settings, and deleting it. */
export function EditGroupingRulePage() {
  const { groupId: ruleId = '' } = useParams();
  const rule = useGroupingRule(ruleId);
  const update = useUpdateGroupingRule();
  const remove = useDeleteGroupingRule();
  const navigate = useNavigate();
  if (rule.isPending) return <LoadingArea />;
  if (rule.isError) {
    const missing = rule.error instanceof ApiError && rule.error.status === 404;
    return (
      <Stack>
        <Back />
        <Title order={1} size="h2">
          Edit grouping rule
        </Title>
        {missing ? (
          <Text data-testid="grouping-rule-not-found">
            This grouping rule does not exist, or belongs to another organization.
          </Text>
        ) : (
          <ErrorAlert error={rule.error} title="Could not load the grouping rule" />
        )}
      </Stack>
    );
  }
  return (
    <Stack maw={760}>
      <Back />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        Edit {rule.data.name}
      </Title>
      <GroupingRuleForm
        mode="edit"
        defaultValues={groupingFormValues(rule.data)}
        submitLabel="Save changes"
        errorTitle="Could not save the rule"
        error={update.error}
        onCancel={() => navigate(LIST)}
        onSubmit={async (values) => {
          const { team_id: _team, ...body } = groupingRequest(values);
          await update.mutateAsync({ ruleId, body });
          navigate(LIST);
        }}
      />
      {remove.error != null && <ErrorAlert error={remove.error} title="Could not delete the rule" />}
      <Group>
        <Button
          color="red"
          variant="outline"
          loading={remove.isPending}
          onClick={() => {
            if (!window.confirm(`Delete the grouping rule ${rule.data.name}? Its open groups stay as they are.`))
              return;
            void remove.mutateAsync(ruleId).then(() => navigate(LIST));
          }}
        >
          Delete rule
        </Button>
      </Group>
    </Stack>
  );
}
