import { Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useReaderPage } from './api';

import { ReaderPageView } from './ReaderPageView';

// The task drawer (comments, uploads) loads only when a task of the page's task list is opened.
const PageTaskDrawer = lazy(() =>
  import('../tasks/team/PageTaskDrawer').then((m) => ({ default: m.PageTaskDrawer })),
);

/**
 * /content/:contentId: one page as this member sees it (no editor code is loaded here), and
 * /content/:contentId/task/:taskId: a task of its task list in a drawer over it (spec route table).
 */
export function ContentPageScreen() {
  const { event } = useSession();
  const { contentId = '', taskId } = useParams();
  const navigate = useNavigate();
  const page = useReaderPage(event?.id ?? '', contentId);
  const title = page.data?.title ?? (isApiError(page.error, 404) ? 'Page not found' : 'Content');
  return (
    <PageHeader
      title={title}
      description={page.data?.description || undefined}
      breadcrumbs={[{ label: 'Content', to: '/content' }, { label: title }]}
    >
      {page.isPending ? (
        <Loading label="Loading the page" />
      ) : isApiError(page.error, 404) ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>This page does not exist, or it is not shown to your team.</Text>
        </Paper>
      ) : page.isError ? (
        <LoadFailed title="The page could not be loaded" error={page.error} retry={page.refetch} />
      ) : (
        <ReaderPageView page={page.data} />
      )}
      {taskId !== undefined && (
        <Suspense fallback={<Loading label="Loading the task" />}>
          <PageTaskDrawer taskId={taskId} onClose={() => navigate(`/content/${contentId}`)} />
        </Suspense>
      )}
    </PageHeader>
  );
}

export { ContentPageScreen as Component };
