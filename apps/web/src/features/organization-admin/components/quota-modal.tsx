import { Button, Group, Modal, Text } from '@mantine/core';
import { quotaReachedMessage } from '../lib/quota';
import type { QuotaEntitlement } from '../api/get-quota-entitlement';

/** SPEC.md section 8: the limit modal, opened by an add action once the tier's quota is used up. */
export function QuotaModal({
  entitlement,
  opened,
  onClose,
}: {
  entitlement: QuotaEntitlement | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened && entitlement !== undefined} onClose={onClose} title="Plan limit reached" centered>
      {entitlement && <Text data-testid="quota-modal-text">{quotaReachedMessage(entitlement)}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
