import { MultiSelect } from '@mantine/core';
import { PERMISSION_DEFINITIONS, type Permission } from '@tocsin/domain';

const OPTIONS = PERMISSION_DEFINITIONS.map(({ slug, display_name }) => ({ value: slug, label: display_name }));

/** A member's team permissions, shown by their display names. */
export function PermissionsSelect({
  value,
  onChange,
  error,
}: {
  value: Permission[];
  onChange: (value: Permission[]) => void;
  error?: string;
}) {
  return (
    <MultiSelect
      label="Team permissions"
      placeholder={value.length === 0 ? 'No team permissions' : undefined}
      data={OPTIONS}
      value={value}
      onChange={(next) => onChange(next as Permission[])}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="No permission matches"
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
