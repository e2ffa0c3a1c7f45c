import { Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { Phone } from '@tocsin/contracts';
import { Suspense, useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { useDeletePhone } from '../api/delete-phone';
import { usePhones } from '../api/get-phones';
import { toastFailure } from '../lib/failures';
import { displayNumber } from '../lib/phone-display';
import { isSimplePhoneVerification, METHOD_LABELS } from '../lib/phone-options';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { lazyComponent } from '@/lib/lazy-component';
import { DestinationRowActions } from './destination-row-actions';
import { StatusBadge } from './status-badge';

// The phone field (country list, flags, full numbering metadata) loads when a dialog first opens.
const PhoneDialog = lazyComponent(() => import('./phone-dialog').then((m) => m.PhoneDialog));
const SimplePhoneDialog = lazyComponent(() => import('./simple-phone-dialog').then((m) => m.SimplePhoneDialog));
const display = (phone: Phone) => displayNumber(phone.number);

/** 'new' adds a number; a phone re-verifies that one. */
type Dialog = 'new' | Phone | null;

/** The caller's phone numbers: verified ones can be chosen for SMS, voice and WhatsApp notifications. */
export function PhonesSection() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Phone | null>(null);
  const phones = usePhones(page);
  const remove = useDeletePhone();
  const simple = isSimplePhoneVerification();

  const confirmDelete = async (phone: Phone) => {
    try {
      await remove.mutateAsync(phone.id);
      showToast('success', 'Phone number has been deleted');
      setDeleting(null);
      // the Delete that opened the confirmation went with the number: keyboard focus goes to Add phone number
      focusWhenShown('section[aria-labelledby="phones-title"] button');
    } catch (error) {
      toastFailure(error);
    }
  };
  const list = phones.data?.data ?? [];
  const totalPages = phones.data?.pagination.total_pages ?? 1;
  // deleting the last number of the last page steps back a page
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="phones-title">
      <Group justify="space-between">
        <div>
          <Title order={3} size="h5" id="phones-title">
            Phone numbers
          </Title>
          <Text size="sm" c="dimmed">
            Verified numbers can receive alerts by SMS, voice call or WhatsApp.
          </Text>
        </div>
        <Button variant="light" onClick={() => setDialog('new')}>
          Add phone number
        </Button>
      </Group>
      {phones.isPending ? (
        <LoadingArea />
      ) : phones.isError ? (
        <ErrorAlert error={phones.error} title="Could not load your phone numbers" />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="phones-empty">
          No phone numbers yet.
        </Text>
      ) : (
        <Table aria-label="Phone numbers" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Verification method</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((phone) => (
              <Table.Tr key={phone.id} data-testid="phone-row">
                <Table.Td>
                  <Text fw={500} size="sm">
                    {display(phone)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{METHOD_LABELS[phone.verification_method]}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge verified={phone.verified} />
                </Table.Td>
                <Table.Td>
                  <DestinationRowActions
                    name={display(phone)}
                    verify={
                      phone.verified
                        ? undefined
                        : { label: 'Verify', ariaLabel: `Verify ${display(phone)}`, onClick: () => setDialog(phone) }
                    }
                    onDelete={() => setDeleting(phone)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {totalPages > 1 && (
        <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Phone number pages" />
      )}
      <Suspense>
        {dialog === 'new' && simple && <SimplePhoneDialog onClose={() => setDialog(null)} />}
        {dialog !== null && !(dialog === 'new' && simple) && (
          <PhoneDialog phone={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />
        )}
      </Suspense>
      {deleting && (
        <ConfirmDialog
          title="Delete phone number"
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          Delete {display(deleting)}? Notifications will no longer be sent to it.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
