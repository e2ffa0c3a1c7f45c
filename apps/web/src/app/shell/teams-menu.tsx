import { Button, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TeamLinks } from './team-links';

/** The header's Teams flyout on wide screens. */
export function TeamsMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(next) => !next && close()} position="bottom-end" width={260} withinPortal>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened}>
          Teams
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">{opened && <TeamLinks onNavigate={close} />}</Popover.Dropdown>
    </Popover>
  );
}
