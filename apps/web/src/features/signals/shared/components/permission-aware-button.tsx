import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { permissionTooltip, type Permission } from '@tocsin/domain';
import type { MouseEvent } from 'react';

type Props = ButtonProps & { allowed: boolean; permission: Permission; onClick?: () => void; 'data-testid'?: string };

/**
 * SPEC.md section 6: an action the user may not take stays in view, disabled, with a tooltip naming the
 * permission (marked disabled rather than `disabled`, so focus and the pointer still show the tooltip).
 */
export function PermissionAwareButton({ allowed, permission, onClick, ...props }: Props) {
  if (allowed) return <Button {...props} onClick={onClick} />;
  const ignore = (event: MouseEvent) => event.preventDefault();
  return (
    <Tooltip label={permissionTooltip({ scope: 'organization', permission })} multiline w={320} withArrow>
      <Button {...props} data-disabled aria-disabled="true" onClick={ignore} />
    </Tooltip>
  );
}
