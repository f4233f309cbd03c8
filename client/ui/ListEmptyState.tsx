import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

type Props = {
  /** Whether filters narrowed the list: then the way out is to clear them, not to add. */
  filtered: boolean;
  onClearFilters: () => void;
  /** e.g. 'teams': 'No teams match these filters.' / 'There are no teams in this event yet.' */
  noun: string;
  add?: { label: string; to: string };
};

/** The empty state of every DataTable list screen. */
export function ListEmptyState({ filtered, onClearFilters, noun, add }: Props) {
  return (
    <Paper withBorder p="xl" ta="center" radius="md">
      <Stack align="center" gap="sm">
        <Text>
          {filtered ? `No ${noun} match these filters.` : `There are no ${noun} in this event yet.`}
        </Text>
        {filtered ? (
          <Button variant="default" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : (
          add && (
            <Button component={Link} to={add.to}>
              {add.label}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
