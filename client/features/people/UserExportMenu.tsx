import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { USER_EXPORT_FORMATS, userExportPath } from '../../../shared/people/export';

const LABELS = { csv: 'CSV (.csv)', xlsx: 'Excel (.xlsx)' } as const;

/**
 * The user report as a plain link: a same-origin GET carries the session cookie, and the browser's
 * own download keeps large files out of memory (no blob built in JavaScript).
 */
export function UserExportMenu({ eventId, label = 'Export' }: { eventId: string; label?: string }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          mb={2}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {USER_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} component="a" href={userExportPath(eventId, format)} download>
            {LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
