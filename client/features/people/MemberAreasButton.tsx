import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { MEMBER_AREA_LABELS, MEMBER_AREAS, type MemberArea } from '../../../shared/people/memberAreas';
import type { TeamMember } from '../../../shared/people/schema';
import { useFeedback } from '../../ui/FeedbackBanner';
import { useSetMemberAreas } from './teamsApi';

/**
 * "Areas" on a team member's row: the team owner (or an organiser) ticks the areas this member may
 * open (decision 0034). Every area is ticked until someone chooses otherwise.
 */
export function MemberAreasButton(props: { member: TeamMember; eventId: string; teamId: string }) {
  const { member } = props;
  const [opened, { open, close }] = useDisclosure(false);
  const [chosen, setChosen] = useState<string[]>(member.areas);
  const save = useSetMemberAreas(props.eventId, props.teamId, member.id);
  const feedback = useFeedback();
  const name = `${member.firstName} ${member.surname}`.trim();
  const closed = MEMBER_AREAS.length - member.areas.length;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setChosen(member.areas);
          open();
        }}
      >
        Areas<VisuallyHidden> of {name}</VisuallyHidden>
        {closed > 0 ? ` (${closed} closed)` : ''}
      </Button>
      <Modal opened={opened} onClose={close} title={`Areas ${name} may open`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { areas: chosen as MemberArea[] },
              {
                onSuccess: () => {
                  feedback.success();
                  close();
                },
                onError: (error) => feedback.error(error),
              },
            );
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              An area left unticked disappears from their sidebar and dashboard, and its pages answer 403.
            </Text>
            <Checkbox.Group value={chosen} onChange={setChosen} label="Areas" aria-label="Areas">
              <SimpleGrid cols={2} mt="xs">
                {MEMBER_AREAS.map((area) => (
                  <Checkbox key={area} value={area} label={MEMBER_AREA_LABELS[area]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
