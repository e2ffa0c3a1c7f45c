import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { permissionTooltip, type Permission } from '@tocsin/domain';
import type { MouseEvent } from 'react';

type Props = ButtonProps & {
  allowed: boolean;
  permission: Permission;
  /** The denial's wording when it is not the organization one (a team action: see teamActionAccess). */
  tooltip?: string;
  onClick?: () => void;
  'aria-label'?: string;
  'data-testid'?: string;
};

/**
 * SPEC.md section 6: an action the user may not take stays in view, disabled, with a tooltip naming the
 * permission. The button is only marked disabled (not `disabled`), so it still hears the pointer and
 * keyboard focus that show the tooltip.
 */
export function PermissionButton({ allowed, permission, tooltip, onClick, ...props }: Props) {
  if (allowed) return <Button {...props} onClick={onClick} />;
  const ignore = (event: MouseEvent) => event.preventDefault();
  return (
    <Tooltip
      label={tooltip ?? permissionTooltip({ scope: 'organization', permission })}
      multiline
      w={320}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Button {...props} data-disabled aria-disabled="true" onClick={ignore} />
    </Tooltip>
  );
}
