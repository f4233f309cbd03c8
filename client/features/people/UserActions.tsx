import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { PERMISSION_LABELS, type Permission } from '../../../shared/auth/permissions';
import type { UserRow } from '../../../shared/people/schema';
import { canDeleteUser, canSetPermission, grantablePermissions } from '../../../shared/people/users';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { useChangePermission, useDeleteUser, useResendWelcome, useUsers } from './api';

const fullName = (user: Pick<UserRow, 'firstName' | 'surname'>) => `${user.firstName} ${user.surname}`.trim();

type Dialog = 'permission' | 'delete' | null;

/**
 * The actions of one row of /admin/users: change permission (admins, never on oneself), resend the
 * welcome (someone who has never signed in), delete with a successor for their team and work.
 */
export function UserActions({ user, eventId }: { user: UserRow; eventId: string }) {
  const { me, level } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The menu mounts on first use: a page holds 100 rows, and 100 idle menus slow the list down.
  const [menuOpen, setMenuOpen] = useState(false);
  const resend = useResendWelcome(eventId);
  const feedback = useFeedback();
  const isSelf = me.account.id === user.id;
  const actor: Permission = level ?? 'user';
  const mayChange =
    !isSelf && actor !== 'moderator' && canSetPermission(actor, user.permissions, user.permissions);
  const mayDelete = !isSelf && canDeleteUser(actor, user.permissions);
  const mayChase = !user.hasLoggedIn;
  if (!mayChange && !mayDelete && !mayChase) return null;

  const chase = () =>
    resend.mutate(user.id, {
      onSuccess: () => feedback.success(`A welcome reminder has been sent to ${user.email}`),
      onError: (error) => feedback.error(error),
    });

  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${fullName(user)}`}
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      onClick={() => setMenuOpen((open) => !open)}
    >
      <IconDots aria-hidden size={18} />
    </ActionIcon>
  );

  return (
    <>
      {menuOpen ? (
        <Menu position="bottom-end" withinPortal opened onChange={setMenuOpen}>
          <Menu.Target>{trigger}</Menu.Target>
          <Menu.Dropdown>
            {mayChange && <Menu.Item onClick={() => setDialog('permission')}>Change permission</Menu.Item>}
            {mayChase && <Menu.Item onClick={chase}>Resend welcome email</Menu.Item>}
            {mayDelete && (
              <Menu.Item color="red" onClick={() => setDialog('delete')}>
                Delete user
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ) : (
        trigger
      )}
      {dialog === 'permission' && (
        <PermissionDialog user={user} eventId={eventId} actor={actor} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <DeleteUserDialog user={user} eventId={eventId} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

function PermissionDialog(props: { user: UserRow; eventId: string; actor: Permission; onClose: () => void }) {
  const { user } = props;
  const [next, setNext] = useState<Permission>(user.permissions);
  const change = useChangePermission(props.eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const options = grantablePermissions(props.actor).map((value) => ({
    value,
    label: PERMISSION_LABELS[value],
  }));

  const save = () => {
    props.onClose();
    confirm({
      title: 'Change permission',
      message: `${fullName(user)} will be ${PERMISSION_LABELS[next]} instead of ${PERMISSION_LABELS[user.permissions]} in this event.`,
      confirmLabel: 'Change permission',
      color: 'portal',
      // mutateAsync: this dialog has closed by now, and mutate's callbacks skip unmounted callers.
      onConfirm: () =>
        change
          .mutateAsync({ userId: user.id, permissions: next })
          .then(() => feedback.success(`${fullName(user)} is now ${PERMISSION_LABELS[next]}`))
          .catch((error: unknown) => feedback.error(error)),
    });
  };

  return (
    <Modal opened onClose={props.onClose} title={`Change permission of ${fullName(user)}`}>
      <Stack>
        <Select
          label="Permission"
          data={options}
          value={next}
          onChange={(value) => value && setNext(value as Permission)}
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={next === user.permissions}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteUserDialog(props: { user: UserRow; eventId: string; onClose: () => void }) {
  const { user } = props;
  const [search, setSearch] = useState('');
  const [successor, setSuccessor] = useState<UserRow | null>(null);
  const label = (u: UserRow) => `${fullName(u)} (${u.email})`;
  // Once chosen, the box shows the label; that is not a search, so the list falls back to all.
  const term = successor && search === label(successor) ? '' : search;
  // The first page of matches (100): typing narrows it, so any user of the event can be reached.
  const candidates = useUsers(props.eventId, {
    page: 1,
    sort: 'firstName',
    order: 'asc',
    search: term,
    permissions: null,
    notLoggedIn: false,
  });
  const remove = useDeleteUser(props.eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const found = (candidates.data?.items ?? []).filter((u) => u.id !== user.id);
  const choices = successor && !found.some((u) => u.id === successor.id) ? [successor, ...found] : found;
  const options = choices.map((u) => ({ value: u.id, label: label(u) }));
  const successorId = successor?.id ?? null;

  const proceed = () => {
    if (!successorId) return;
    const to = successor ? fullName(successor) : '';
    props.onClose();
    confirm({
      title: 'Delete user',
      message: `${fullName(user)} will be removed from this event. Their team ownership, tasks and submissions pass to ${to}.`,
      confirmLabel: 'Delete user',
      color: 'red',
      // mutateAsync: the row (and this dialog) leave the screen, and mutate's callbacks would too.
      onConfirm: () =>
        remove
          .mutateAsync({ userId: user.id, transferToId: successorId })
          .then(() => feedback.success(`${fullName(user)} has been deleted`))
          .catch((error: unknown) => feedback.error(error)),
    });
  };

  return (
    <Modal opened onClose={props.onClose} title={`Delete ${fullName(user)}`}>
      <Stack>
        <Text size="sm">
          Choose who takes over {fullName(user)}'s team ownership, tasks and submissions. They must be in the
          same team, or in no team yet.
        </Text>
        <Select
          label="Transfer to"
          placeholder="Search by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={successorId}
          onChange={(id) => setSuccessor(choices.find((u) => u.id === id) ?? null)}
          nothingFoundMessage={candidates.isPending ? 'Loading…' : 'No users found'}
          filter={({ options: all }) => all}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={proceed} disabled={!successorId}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
