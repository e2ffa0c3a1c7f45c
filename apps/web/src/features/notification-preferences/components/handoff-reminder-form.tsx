import { yupResolver } from '@hookform/resolvers/yup';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { HandoffNotificationSetting } from '@tocsin/contracts';
import { WEEKDAYS, WORKING_HOURS_DEFAULTS, type HandoffNotificationFields } from '@tocsin/domain';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useSaveHandoffNotification } from '../api/save-handoff-notification';
import { dayLabel, handoffDefaults, handoffSchema, valuesOfHandoff, type HandoffValues } from '../lib/handoff-form';
import { typeChoices } from '../lib/type-options';

const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

interface Props {
  /** The reminder edited, or null for a new one (which starts from the working-hours defaults). */
  setting: HandoffNotificationSetting | null;
  hideWhatsApp: boolean;
  onClose: () => void;
}

/** A reminder before an on-call handoff: when, by which channel, and only within these working hours. */
export function HandoffReminderForm({ setting, hideWhatsApp, onClose }: Props) {
  const save = useSaveHandoffNotification();
  const { control, register, handleSubmit, setValue, formState } = useForm<HandoffValues>({
    resolver: yupResolver(handoffSchema) as unknown as Resolver<HandoffValues>,
    defaultValues: setting ? valuesOfHandoff(setting) : handoffDefaults(),
  });
  const [hours, workdays] = useWatch({ control, name: ['hours_setting', 'workdays'] });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ id: setting?.id, ...(values as HandoffNotificationFields) });
    showToast('success', 'Handoff reminder has been saved');
    onClose();
  });
  // back to standard hours or weekdays: the defaults apply again rather than what custom left behind
  const chooseHours = (value: string) => {
    setValue('hours_setting', value as HandoffValues['hours_setting']);
    if (value === 'standard')
      (['start_time', 'end_time', 'time_zone'] as const).forEach((field) =>
        setValue(field, WORKING_HOURS_DEFAULTS[field]),
      );
  };
  const chooseDays = (value: string) => {
    setValue('workdays', value as HandoffValues['workdays']);
    if (value === 'weekdays') setValue('days', { ...WORKING_HOURS_DEFAULTS.days });
  };
  const custom = hours === 'custom';
  return (
    <Modal
      opened
      onClose={onClose}
      title={setting ? 'Edit handoff reminder' : 'New handoff reminder'}
      centered
      size="lg"
    >
      <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Handoff reminder">
        <Stack gap="sm">
          {save.isError && <ErrorAlert error={save.error} title="Could not save the reminder" />}
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="notify_before_minutes"
              render={({ field }) => (
                <NumberInput
                  label="Minutes before the handoff"
                  min={0}
                  max={10080}
                  allowDecimal={false}
                  value={field.value}
                  onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                  onBlur={field.onBlur}
                  error={formState.errors.notify_before_minutes?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="notification_type"
              render={({ field }) => (
                <Select
                  label="Notification type"
                  placeholder="Choose a type"
                  data={typeChoices({ hideWhatsApp })}
                  value={field.value || null}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={formState.errors.notification_type?.message}
                />
              )}
            />
          </Group>
          <Text size="sm" fw={500}>
            Hours
          </Text>
          <SegmentedControl
            aria-label="Hours"
            value={hours}
            onChange={chooseHours}
            data={[
              { value: 'standard', label: 'Working hours' },
              { value: 'custom', label: 'Custom hours' },
            ]}
          />
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label="From"
              disabled={!custom}
              {...register('start_time')}
              error={formState.errors.start_time?.message}
            />
            <TextInput
              type="time"
              label="To"
              disabled={!custom}
              {...register('end_time')}
              error={formState.errors.end_time?.message}
            />
            <Controller
              control={control}
              name="time_zone"
              render={({ field }) => (
                <Select
                  label="Time zone"
                  searchable
                  disabled={!custom}
                  data={TIME_ZONES}
                  value={field.value}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={formState.errors.time_zone?.message}
                />
              )}
            />
          </Group>
          <Text size="sm" fw={500}>
            Days
          </Text>
          <SegmentedControl
            aria-label="Days"
            value={workdays}
            onChange={chooseDays}
            data={[
              { value: 'weekdays', label: 'Monday to Friday' },
              { value: 'custom', label: 'Custom days' },
            ]}
          />
          <Group gap="md">
            {WEEKDAYS.map((day) => (
              <Controller
                key={day}
                control={control}
                name={`days.${day}`}
                render={({ field }) => (
                  <Checkbox
                    label={dayLabel(day)}
                    disabled={workdays !== 'custom'}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Save reminder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
