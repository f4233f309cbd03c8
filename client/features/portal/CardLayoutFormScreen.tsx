import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  assignedElsewhere,
  type CardBody,
  defaultLayoutCards,
  LAYOUT_ERRORS,
  type Layout,
  layoutBodySchema,
} from '../../../shared/portal/cardLayouts';
import { PORTAL_ICONS, type PortalIcon } from '../../../shared/portal/corePages';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useTeamTypes } from '../people/teamsApi';
import { useCorePages, useFeatured, useLayouts, useSaveLayout } from './api';
import { layoutCrumbs } from './CardLayoutsScreen';
import { PORTAL_ICON_LABELS } from './icons';

const ICON_OPTIONS = PORTAL_ICONS.map((value) => ({ value, label: PORTAL_ICON_LABELS[value] }));
/** A card is its place in the layout (six fixed slots), so the slot names it. */
const SLOT_KEYS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
type CardDraft = Required<Omit<CardBody, 'type'>> & { type: 'corePage' | 'content' };

/** /admin/card-layouts/add */
export function AddCardLayoutScreen() {
  return <CardLayoutForm layoutId={null} />;
}

/** /admin/card-layouts/{layoutId} */
export function EditCardLayoutScreen() {
  return <CardLayoutForm layoutId={useParams().layoutId ?? ''} />;
}

function CardLayoutForm({ layoutId }: { layoutId: string | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const layouts = useLayouts(eventId);
  if (layouts.isError)
    return (
      <LoadFailed
        title="The card layouts could not be loaded"
        error={layouts.error}
        retry={layouts.refetch}
      />
    );
  if (!layouts.data) return <Loading label="Loading the card layout" />;
  const layout = layoutId ? layouts.data.items.find((l) => l.id === layoutId) : null;
  if (layoutId && !layout) {
    return (
      <PageHeader title="Card layout" breadcrumbs={layoutCrumbs('Not found')}>
        <Text>This layout does not exist (any more).</Text>
      </PageHeader>
    );
  }
  return <LayoutEditor eventId={eventId} layout={layout ?? null} all={layouts.data.items} />;
}

function LayoutEditor({ eventId, layout, all }: { eventId: string; layout: Layout | null; all: Layout[] }) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const save = useSaveLayout(eventId);
  const types = useTeamTypes(eventId);
  const corePages = useCorePages(eventId);
  // The featured-pages answer lists every live content page; cards may link to any of them.
  const content = useFeatured(eventId);
  const initialValues: { name: string; teamTypeIds: string[]; cards: CardDraft[] } = {
    name: layout?.name ?? '',
    teamTypeIds: layout?.teamTypeIds ?? [],
    cards: (layout?.cards ?? defaultLayoutCards()).map(
      ({ title, description, icon, isMini, type, pathId }) => ({
        title,
        description,
        icon,
        isMini,
        type,
        pathId,
      }),
    ),
  };
  const form = useSchemaForm(layoutBodySchema, { initialValues });
  const { name, teamTypeIds, cards } = form.values;
  useEffect(() => save.reset, [save.reset]);

  const taken = assignedElsewhere(all, layout?.id ?? null);
  const typeOptions = (types.data?.items ?? []).map((t) => ({
    value: t.id,
    label: taken.has(t.id) ? `${t.name} (Assigned)` : t.name,
    disabled: taken.has(t.id),
  }));
  const linkOptions = [
    {
      group: 'Core pages',
      items: (corePages.data?.items ?? []).map((p) => ({ value: `corePage:${p.id}`, label: p.title })),
    },
    {
      group: 'Content pages',
      items: (content.data?.contentPages ?? []).map((p) => ({ value: `content:${p.id}`, label: p.title })),
    },
  ];
  const errors = errorTexts(form.errors);
  const setCard = (index: number, change: Partial<CardDraft>) =>
    form.setFieldValue(
      'cards',
      cards.map((c, i) => (i === index ? { ...c, ...change } : c)),
    );

  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: layout?.id ?? null, body },
        {
          onSuccess: () => {
            feedback.success();
            void navigate('/admin/card-layouts');
          },
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    // The server's words: a card's issue names the card, any other the layout.
    (found) =>
      feedback.error(
        Object.keys(found).some((path) => /^cards\.\d+\./.test(path))
          ? LAYOUT_ERRORS.invalidCard
          : LAYOUT_ERRORS.invalidLayout,
      ),
  );

  return (
    <PageHeader
      title={layout ? `Edit ${layout.name}` : 'Add card layout'}
      breadcrumbs={layoutCrumbs(layout ? layout.name : 'Add')}
      tips="Each layout has exactly six cards. A team type can be assigned to only one layout."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {save.isError && (
            <Text c="red" role="alert">
              {errorMessage(save.error)}
              {errors.teamTypeIds ? `: ${errors.teamTypeIds}` : ''}
            </Text>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <TextInput
                label="Name"
                required
                value={name}
                onChange={(e) => form.setFieldValue('name', e.currentTarget.value)}
                maxLength={100}
                error={errors.name}
              />
              <MultiSelect
                label="Team types"
                description={
                  layout?.isDefault
                    ? 'Team types without a layout of their own see the default layout.'
                    : undefined
                }
                data={typeOptions}
                value={teamTypeIds}
                onChange={(ids) => form.setFieldValue('teamTypeIds', ids)}
                placeholder={typeOptions.length ? 'Choose team types' : 'No team types yet'}
                searchable
                error={errors.teamTypeIds}
              />
            </Stack>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {cards.map((card, index) => (
              <Paper
                withBorder
                p="md"
                radius="md"
                key={SLOT_KEYS[index]}
                component="fieldset"
                aria-label={`Card ${index + 1}`}
              >
                <Stack gap="xs">
                  <Title order={2} size="h5">
                    Card {index + 1}
                  </Title>
                  <TextInput
                    label="Title"
                    required
                    value={card.title}
                    onChange={(e) => setCard(index, { title: e.currentTarget.value })}
                    maxLength={60}
                    error={errors[`cards.${index}.title`]}
                  />
                  <TextInput
                    label="Description"
                    value={card.description}
                    onChange={(e) => setCard(index, { description: e.currentTarget.value })}
                    maxLength={200}
                  />
                  <Select
                    label="Link"
                    data={linkOptions}
                    value={`${card.type}:${card.pathId}`}
                    onChange={(v) => {
                      if (!v) return;
                      const [type, pathId] = v.split(':') as ['corePage' | 'content', string];
                      setCard(index, { type, pathId });
                    }}
                    allowDeselect={false}
                    searchable
                    error={errors[`cards.${index}.pathId`]}
                  />
                  <Select
                    label="Icon"
                    data={ICON_OPTIONS}
                    value={card.icon}
                    onChange={(v) => v && setCard(index, { icon: v as PortalIcon })}
                    allowDeselect={false}
                  />
                  <Switch
                    label="Mini card"
                    checked={card.isMini}
                    onChange={(e) => setCard(index, { isMini: e.currentTarget.checked })}
                  />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/admin/card-layouts')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save layout
            </Button>
          </Group>
        </Stack>
      </form>
    </PageHeader>
  );
}

export { AddCardLayoutScreen as Component };
