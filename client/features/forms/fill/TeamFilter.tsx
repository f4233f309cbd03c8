import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { teamDetailSchema } from '../../../../shared/people/schema';
import { type Answer, api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { useTeams } from '../../people/teamsApi';

/**
 * The team filter of the submissions table: the event's teams (of the chosen team type, when one is
 * chosen) searched on the server by name, since the team list pages and an event has hundreds. The
 * URL keeps only the team's id, so a reloaded page asks for the chosen team's name once.
 */
export function TeamFilter(props: {
  eventId: string;
  teamTypeId: string | null;
  value: string | null;
  onChange: (teamId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const detail = useQuery({
    queryKey: [...sessionKeys.event(props.eventId), 'teams', 'detail', props.value],
    queryFn: () =>
      api.get<Answer<typeof teamDetailSchema>>(`/api/events/${props.eventId}/teams/${props.value}`),
    enabled: props.value !== null && picked?.id !== props.value,
  });
  const label = picked?.id === props.value ? picked.name : detail.data?.name;
  // While the box shows the chosen team's name, every team is offered (as Mantine's own filter does).
  const teams = useTeams(props.eventId, {
    page: 1,
    sort: 'name',
    order: 'asc',
    search: label !== undefined && debounced === label ? '' : debounced,
    teamTypeId: props.teamTypeId,
    notLoggedIn: false,
    standShare: null,
  });
  const options = (teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }));
  if (props.value && label && !options.some((option) => option.value === props.value))
    options.unshift({ value: props.value, label });
  const choose = (teamId: string | null) => {
    const option = options.find((o) => o.value === teamId);
    setPicked(option ? { id: option.value, name: option.label } : null);
    props.onChange(teamId);
  };
  return (
    <Select
      label="Team"
      placeholder={teams.isPending ? 'Loading…' : 'Any'}
      data={options}
      value={props.value}
      onChange={choose}
      clearable
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={teams.isFetching ? 'Searching…' : 'No team matches'}
      error={teams.isError ? 'The teams could not be loaded' : undefined}
      w={220}
    />
  );
}
