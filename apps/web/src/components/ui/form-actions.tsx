import { Button, Group } from '@mantine/core';

/** A form's footer: its submit button, busy while the form submits, and Cancel. */
export function FormActions({
  submitLabel,
  submitting,
  disabled,
  onCancel,
}: {
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group>
      <Button type="submit" loading={submitting} disabled={disabled}>
        {submitLabel}
      </Button>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
