import { Avatar } from '@mantine/core';
import { avatarColorGroup, initialsOf } from '../../shared/ui/avatar';

/** Shade 9 of each: white initials on it pass WCAG AA (4.5:1) for every group. */
const GROUP_COLORS = ['blue.9', 'grape.9', 'teal.9', 'orange.9', 'red.9'] as const;

/** A person's initials on the colour of their name's group (spec); decorative beside their name. */
export function PersonAvatar({ name, size = 'sm' }: { name: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Avatar size={size} radius="xl" variant="filled" color={GROUP_COLORS[avatarColorGroup(name)]} aria-hidden>
      {initialsOf(name)}
    </Avatar>
  );
}
