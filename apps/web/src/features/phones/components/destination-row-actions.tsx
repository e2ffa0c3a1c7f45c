import { Button, Group } from '@mantine/core';

interface Props {
  /** How the row is read out: "Verify {name}", "Delete {name}". */
  name: string;
  /** The way to verify it while it is not (a code again, a link again); none once verified. */
  verify?: { label: string; ariaLabel: string; onClick: () => void; loading?: boolean };
  onDelete: () => void;
  deleteLabel?: string;
}

/** A destination row's buttons (a phone, an email, a chat webhook, a device): verify while it is not, and delete. */
export function DestinationRowActions({ name, verify, onDelete, deleteLabel = 'Delete' }: Props) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {verify && (
        <Button
          size="xs"
          variant="default"
          onClick={verify.onClick}
          loading={verify.loading}
          aria-label={verify.ariaLabel}
        >
          {verify.label}
        </Button>
      )}
      <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`${deleteLabel} ${name}`}>
        {deleteLabel}
      </Button>
    </Group>
  );
}
