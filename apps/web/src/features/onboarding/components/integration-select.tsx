import { Badge, Button, Group, Select } from '@mantine/core';
import { ONBOARDING_INTEGRATIONS, type OnboardingIntegration } from '@tocsin/domain';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useIntegrationsStatus } from '../api/get-integrations-status';
import { useSelectIntegration } from '../api/select-integration';

const OPTIONS = ONBOARDING_INTEGRATIONS.map(({ slug, name }) => ({ value: slug, label: name }));

/** The checklist's own step: a compact picker, keeping the current choice until another is saved. */
export function IntegrationSelect() {
  const status = useIntegrationsStatus();
  const select = useSelectIntegration();
  const selected = status.data?.selected_integration ?? null;
  const [choice, setChoice] = useState<OnboardingIntegration | null>(null);
  const value = choice ?? selected;
  const save = () => {
    if (!value) return;
    select.mutate(value, {
      onSuccess: (data) => {
        setChoice(null);
        showToast('success', `${data.integrations.find((i) => i.selected)?.name ?? 'Integration'} selected`);
      },
    });
  };
  const selectedName = OPTIONS.find((o) => o.value === selected)?.label;
  return (
    <>
      {select.isError && <ErrorAlert error={select.error} title="Could not select the integration" />}
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Integration"
          placeholder="Choose an integration"
          data={OPTIONS}
          value={value}
          onChange={(next) => setChoice(next as OnboardingIntegration | null)}
          allowDeselect={false}
          size="xs"
          w={180}
          disabled={status.isPending}
        />
        <Button size="xs" onClick={save} loading={select.isPending} disabled={!value || value === selected}>
          Select
        </Button>
        {selectedName && (
          <Badge variant="light" color="blue" data-testid="selected-integration">
            {selectedName}
          </Badge>
        )}
      </Group>
    </>
  );
}
