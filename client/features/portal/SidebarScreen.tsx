import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { SidebarEditorResponse } from '../../../shared/portal/api';
import { isCorePageId } from '../../../shared/portal/corePages';
import { SIDEBAR_ERRORS, type SidebarSection, sidebarSchema } from '../../../shared/portal/sidebar';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { SortableList } from '../../ui/SortableList';
import { useSaveSidebar, useSidebarEditor } from './api';
import { PortalIconView } from './icons';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'Sidebar' }];

interface PageOption {
  id: string;
  label: string;
  detail: string;
  icon: ReturnType<typeof PortalIconView>;
}

function pageOptions(data: SidebarEditorResponse): Map<string, PageOption> {
  const options = new Map<string, PageOption>();
  for (const page of data.corePages) {
    options.set(page.id, {
      id: page.id,
      label: page.title,
      detail: page.isPublished ? 'Core page' : 'Core page, not published',
      icon: <PortalIconView icon={page.icon} />,
    });
  }
  for (const page of data.contentPages) {
    options.set(page.id, {
      id: page.id,
      label: page.title,
      detail: page.isPublished ? 'Content page' : 'Content page, draft',
      icon: <PortalIconView icon={null} />,
    });
  }
  return options;
}

/** /admin/sidebar (admin): sections and their pages in order, by drag and drop or keyboard. */
export function SidebarScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const editor = useSidebarEditor(eventId);

  if (editor.isError)
    return <LoadFailed title="The sidebar could not be loaded" error={editor.error} retry={editor.refetch} />;
  if (!editor.data) return <Loading label="Loading the sidebar" />;
  return <SidebarEditor eventId={eventId} data={editor.data} />;
}

/**
 * The sidebar as one form checked by the shared sidebar schema: the sections' order and their
 * pages' order come from the sortable lists (drag and drop or keyboard), which set the form's
 * value; headings and switches are its inputs. Loaded once: a refetch does not undo a draft.
 */
function SidebarEditor({ eventId, data }: { eventId: string; data: SidebarEditorResponse }) {
  const save = useSaveSidebar(eventId);
  const feedback = useFeedback();
  const confirm = useConfirm();
  const form = useSchemaForm(sidebarSchema, { initialValues: data.sidebar });
  const draft = form.values;
  const options = useMemo(() => pageOptions(data), [data]);

  const placed = new Set(draft.sections.flatMap((s) => s.itemIds));
  const unplaced = [...options.values()].filter((o) => !placed.has(o.id));
  const errors = errorTexts(form.errors);
  const setSections = (sections: SidebarSection[]) => form.setFieldValue('sections', sections);
  const setSection = (id: string, change: (s: SidebarSection) => SidebarSection) =>
    setSections(draft.sections.map((s) => (s.id === id ? change(s) : s)));
  const addSection = () =>
    setSections([
      ...draft.sections,
      { id: crypto.randomUUID(), heading: 'New section', itemIds: [], isCollapsable: false },
    ]);
  const askDelete = (section: SidebarSection) =>
    confirm({
      title: 'Delete section',
      message: `${section.heading || 'This section'} and its ${section.itemIds.length} link(s) will leave the sidebar. The pages themselves stay.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () => setSections(draft.sections.filter((s) => s.id !== section.id)),
    });
  const onSave = form.onSubmit(
    (sidebar) =>
      save.mutate(sidebar, {
        onSuccess: (saved) => {
          form.setValues(saved.sidebar);
          feedback.success();
        },
        onError: (error) => {
          form.setServerErrors(error);
          feedback.error(error);
        },
      }),
    () => feedback.error(SIDEBAR_ERRORS.invalid),
  );

  return (
    <PageHeader
      title="Sidebar"
      breadcrumbs={crumbs}
      description="Drag sections and pages into the order everyone sees. With the keyboard: focus a handle, press Space, move with the arrow keys, press Space again."
      actions={
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addSection}>
            Add section
          </Button>
          <Button onClick={() => onSave()} loading={save.isPending}>
            Save sidebar
          </Button>
        </Group>
      }
      quickLinks={[
        { label: 'Core pages', to: '/admin/core-pages' },
        { label: 'Featured pages', to: '/admin/featured-pages' },
      ]}
      tips="Unpublished core pages and pages a team may not see are left out of their sidebar automatically."
    >
      <Stack gap="md">
        {save.isError && Object.keys(errors).length === 0 && (
          <Text c="red" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        {draft.sections.length === 0 ? (
          <ListEmptyState filtered={false} onClearFilters={() => {}} noun="sidebar sections" />
        ) : (
          <SortableList
            items={draft.sections}
            getId={(s) => s.id}
            onReorder={setSections}
            handleLabel={(s) => `Move section ${s.heading || 'without heading'}`}
            renderItem={(section, handle) => {
              const at = draft.sections.indexOf(section);
              return (
                <Paper withBorder p="md" radius="md" mb="sm" data-testid="sidebar-section">
                  <Group align="flex-end" wrap="nowrap" mb="sm">
                    {handle}
                    <TextInput
                      label="Heading"
                      value={section.heading}
                      onChange={(e) => {
                        const heading = e.currentTarget.value;
                        setSection(section.id, (s) => ({ ...s, heading }));
                      }}
                      style={{ flex: 1 }}
                      maxLength={60}
                      error={errors[`sections.${at}.heading`]}
                    />
                    <Switch
                      label="Collapsable"
                      checked={section.isCollapsable}
                      onChange={(e) => {
                        const isCollapsable = e.currentTarget.checked;
                        setSection(section.id, (s) => ({ ...s, isCollapsable }));
                      }}
                      mb={8}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete section ${section.heading || 'without heading'}`}
                      onClick={() => askDelete(section)}
                      mb={4}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Stack gap={4} pl="xl">
                    {section.itemIds.length === 0 && (
                      <Text size="sm" c="dimmed">
                        No pages in this section yet.
                      </Text>
                    )}
                    <SortableList
                      items={section.itemIds}
                      getId={(id) => id}
                      onReorder={(itemIds) => setSection(section.id, (s) => ({ ...s, itemIds }))}
                      handleLabel={(id) => `Move ${options.get(id)?.label ?? 'page'}`}
                      renderItem={(id, itemHandle) => {
                        const option = options.get(id);
                        const error = errors[`sections.${at}.itemIds.${section.itemIds.indexOf(id)}`];
                        return (
                          <Group gap="sm" wrap="nowrap" py={2} data-testid="sidebar-item">
                            {itemHandle}
                            {option?.icon}
                            <Text style={{ flex: 1 }}>
                              {option?.label ?? 'Removed page'}
                              {error && (
                                <Text span size="sm" c="red">
                                  {` (${error})`}
                                </Text>
                              )}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {option?.detail ?? (isCorePageId(id) ? 'Core page' : 'Content page')}
                            </Text>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Remove ${option?.label ?? 'page'} from ${section.heading || 'the section'}`}
                              onClick={() =>
                                setSection(section.id, (s) => ({
                                  ...s,
                                  itemIds: s.itemIds.filter((i) => i !== id),
                                }))
                              }
                            >
                              <IconX size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        );
                      }}
                    />
                    <Select
                      label={`Add a page to ${section.heading || 'this section'}`}
                      placeholder={unplaced.length ? 'Choose a page' : 'Every page is in the sidebar'}
                      data={unplaced.map((o) => ({ value: o.id, label: `${o.label} (${o.detail})` }))}
                      value={null}
                      onChange={(id) =>
                        id && setSection(section.id, (s) => ({ ...s, itemIds: [...s.itemIds, id] }))
                      }
                      disabled={unplaced.length === 0}
                      searchable
                      mt="xs"
                      maw={420}
                    />
                  </Stack>
                </Paper>
              );
            }}
          />
        )}
      </Stack>
    </PageHeader>
  );
}

export { SidebarScreen as Component };
