import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Checkbox, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import type { SelfTestResponse } from '@tocsin/contracts';
import { SELF_TEST_INTERVAL_MAX_MINUTES } from '@tocsin/domain';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import { DefaultRouteSelects } from '@/features/signals/event-sources/components/default-route-selects';
import { useSetSelfTest } from '../api/set-self-test';
import {
  selfTestFormValues,
  selfTestRequest,
  selfTestSchema,
  type SelfTestFormValues,
} from '../lib/self-test-form-values';

/** The API's field -> the form's field that shows its message. */
const SERVER_FIELDS = {
  enabled: 'enabled',
  interval: 'interval_minutes',
  team_id: 'team_id',
  escalation_policy_id: 'escalation_policy_id',
  heartbeat_url: 'heartbeat_url',
} as const satisfies Record<string, keyof SelfTestFormValues>;

/**
 * The owners' settings: on or off, how often, the team and escalation policy the self-test's event source routes
 * its alerts to (the policy pages the test destination), the outside heartbeat.
 */
export function SelfTestForm({ settings }: { settings: SelfTestResponse['data']['settings'] }) {
  const save = useSetSelfTest();
  const { register, control, handleSubmit, setError, reset, formState } = useForm<SelfTestFormValues>({
    resolver: yupResolver(selfTestSchema),
    defaultValues: selfTestFormValues(settings),
  });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(selfTestRequest(values));
      reset(selfTestFormValues(saved.settings));
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.fields) return;
      for (const [field, shownAt] of Object.entries(SERVER_FIELDS)) {
        const problems = failure.fields[field];
        if (problems) setError(shownAt, { type: 'server', message: [problems].flat().join(', ') });
      }
    }
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Self-test settings">
      <Stack gap="sm">
        {save.error != null && !(save.error instanceof ApiError && save.error.fields) && (
          <ErrorAlert error={save.error} title="Could not save the self-test" />
        )}
        <Controller
          name="enabled"
          control={control}
          render={({ field }) => (
            <Switch
              label="Run the self-test"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Controller
            name="interval_minutes"
            control={control}
            render={({ field, fieldState }) => (
              <NumberInput
                label="Every (minutes)"
                withAsterisk
                min={1}
                max={SELF_TEST_INTERVAL_MAX_MINUTES}
                clampBehavior="none"
                value={field.value}
                onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                error={fieldState.error?.message}
                miw={160}
              />
            )}
          />
        </Group>
        <DefaultRouteSelects
          control={control}
          teamLabel="Team"
          teamDescription="Whose rules route the test alerts (each is labelled tocsin=self-test)."
          policyLabel="Escalation policy"
          policyDescription="Pages the test destination: a test member whose contact method is a test mailbox or webhook."
          policyRequired
        />
        <TextInput
          label="Outside heartbeat URL"
          description={
            settings?.heartbeat_url_hint
              ? `Set: ${settings.heartbeat_url_hint}. Leave empty to keep it.`
              : 'Called after each delivered round (a dead man’s switch such as a healthchecks ping URL).'
          }
          {...register('heartbeat_url')}
          error={formState.errors.heartbeat_url?.message}
        />
        {settings?.heartbeat_url_hint && (
          <Checkbox label="Remove the heartbeat URL" {...register('remove_heartbeat')} />
        )}
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Save self-test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
