import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  FEATURED_ERRORS,
  FEATURED_RULE,
  featuredHint,
  isValidFeaturedCount,
} from '../../../shared/portal/featured';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useFeatured, useSaveFeatured } from './api';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'Featured pages' }];

/** /admin/featured-pages (admin): exactly 0, 4 or 8 content pages, shown on the dashboard in order. */
export function FeaturedPagesScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const featured = useFeatured(eventId);
  const save = useSaveFeatured(eventId);
  const feedback = useFeedback();
  const [chosen, setChosen] = useState<string[] | null>(null);

  useEffect(() => {
    if (featured.data && chosen === null) setChosen(featured.data.contentIds);
  }, [featured.data, chosen]);

  if (featured.isError) {
    return (
      <LoadFailed
        title="The featured pages could not be loaded"
        error={featured.error}
        retry={featured.refetch}
      />
    );
  }
  if (!featured.data || !chosen) return <Loading label="Loading the featured pages" />;

  const pages = featured.data.contentPages;
  const hint = featuredHint(chosen.length);
  const toggle = (id: string, on: boolean) =>
    setChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  const onSave = () =>
    save.mutate(chosen, {
      onSuccess: (saved) => {
        setChosen(saved.contentIds);
        feedback.success();
      },
      onError: (error) => feedback.error(error),
    });

  return (
    <PageHeader
      title="Featured pages"
      breadcrumbs={crumbs}
      description={`Choose exactly 0, 4 or 8 content pages. They show on the dashboard in the order you tick them. A page's "Featured page?" switch adds it at the end of this list. ${FEATURED_RULE}`}
      actions={
        pages.length > 0 && (
          <Button onClick={onSave} loading={save.isPending} disabled={!isValidFeaturedCount(chosen.length)}>
            Save featured pages
          </Button>
        )
      }
      quickLinks={[{ label: 'Sidebar', to: '/admin/sidebar' }]}
      tips="Teams only see the featured pages they may open; a page restricted to other team types is left out for them."
    >
      {pages.length === 0 ? (
        <ListEmptyState
          filtered={false}
          onClearFilters={() => {}}
          noun="content pages"
          add={{ label: 'Add content page', to: '/admin/content/add' }}
        />
      ) : (
        <Stack gap="md">
          <Group gap="sm" aria-live="polite">
            <Text fw={700}>{chosen.length} selected</Text>
            {hint && (
              <Text size="sm" c="red.9">
                {FEATURED_ERRORS.count}. {hint}.
              </Text>
            )}
          </Group>
          {save.isError && (
            <Text c="red" role="alert">
              {errorMessage(save.error)}
            </Text>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs" role="group" aria-label="Content pages">
              {pages.map((page) => {
                const position = chosen.indexOf(page.id);
                return (
                  <Checkbox
                    key={page.id}
                    checked={position >= 0}
                    onChange={(e) => toggle(page.id, e.currentTarget.checked)}
                    label={
                      <Group gap="xs">
                        <Text component="span">{page.title}</Text>
                        {!page.isPublished && (
                          <Badge size="xs" variant="outline">
                            Draft
                          </Badge>
                        )}
                        {position >= 0 && (
                          <Text component="span" size="xs" c="dimmed">
                            #{position + 1}
                          </Text>
                        )}
                      </Group>
                    }
                  />
                );
              })}
            </Stack>
          </Paper>
        </Stack>
      )}
    </PageHeader>
  );
}

export { FeaturedPagesScreen as Component };
