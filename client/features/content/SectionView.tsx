import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileTypePdf,
  IconInfoCircle,
  IconLink,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { ReaderSection } from '../../../shared/content/api';
import { vimeoEmbedUrl, youTubeEmbedUrl } from '../../../shared/content/embeds';
import type { CalloutVariant } from '../../../shared/content/sections';
import { Loading } from '../../ui/QueryState';

/**
 * The reader's view of each section type. No editor code here: the reader page and the guest
 * page import only this file, so neither loads the rich text editor.
 *
 * Tables load on demand: Mantine's Table brings its scroll area and the popover engine
 * (floating-ui), which would otherwise double the reader page's own JavaScript for one section type.
 */
const TableView = lazy(() => import('./TableSectionView'));

const CALLOUT_LOOK: Record<CalloutVariant, { color: string; icon: ReactNode }> = {
  info: { color: 'blue', icon: <IconInfoCircle aria-hidden /> },
  success: { color: 'green', icon: <IconCircleCheck aria-hidden /> },
  warning: { color: 'orange', icon: <IconAlertTriangle aria-hidden /> },
  danger: { color: 'red', icon: <IconAlertTriangle aria-hidden /> },
};

const isInternal = (link: string) => link.startsWith('/') && !link.startsWith('//');

function VideoFrame({ src, title }: { src: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9} maw={800}>
      <iframe
        src={src}
        title={title}
        style={{ border: 0 }}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        loading="lazy"
      />
    </AspectRatio>
  );
}

function SectionBody({ section, guest }: { section: ReaderSection; guest: boolean }) {
  const { contentId } = useParams();
  // A task opens over the page it is listed on, so closing it leads back there.
  const taskPath = (taskId: string) =>
    contentId ? `/content/${contentId}/task/${taskId}` : `/tasks/${taskId}`;
  const label = section.heading || 'Section';
  switch (section.type) {
    case 'richText':
      return (
        <Typography>
          {/* Sanitised by the server (DOMPurify) when the section was saved. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML */}
          <div dangerouslySetInnerHTML={{ __html: section.data }} />
        </Typography>
      );
    case 'button':
      return isInternal(section.data.link) && !guest ? (
        <Button component={Link} to={section.data.link} w="fit-content">
          {section.data.text}
        </Button>
      ) : (
        <Button
          component="a"
          href={section.data.link}
          target="_blank"
          rel="noopener noreferrer"
          w="fit-content"
        >
          {section.data.text}
        </Button>
      );
    case 'callout': {
      const look = CALLOUT_LOOK[section.data.variant];
      return (
        <Alert color={look.color} icon={look.icon} variant="light">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{section.data.text}</Text>
        </Alert>
      );
    }
    case 'image':
      // The box is the asset sizes' 3:2 from the start (no stored dimensions), the image fitted
      // inside it: the text below never moves when the image arrives (CLS, issue 22).
      return (
        <AspectRatio ratio={3 / 2} maw={960}>
          <Image
            src={section.data.src}
            alt={section.data.altText}
            radius="md"
            fit="contain"
            width={960}
            height={640}
          />
        </AspectRatio>
      );
    case 'googleMaps':
      return (
        <AspectRatio ratio={16 / 9} maw={800}>
          <iframe
            src={section.embedUrl}
            title={`Map: ${section.data}`}
            style={{ border: 0 }}
            loading="lazy"
          />
        </AspectRatio>
      );
    case 'pdf':
      return (
        <Stack gap="sm">
          {section.data.files.map((file) => (
            <Stack key={file.id} gap={4}>
              <iframe
                src={file.url}
                title={file.name}
                style={{ width: '100%', height: 640, border: 0 }}
                loading="lazy"
              />
              <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  <IconFileTypePdf size={16} aria-hidden />
                  Open {file.name}
                </Group>
              </Anchor>
            </Stack>
          ))}
        </Stack>
      );
    case 'youTube':
      return <VideoFrame src={youTubeEmbedUrl(section.data)} title={`YouTube video: ${label}`} />;
    case 'vimeo':
      return <VideoFrame src={vimeoEmbedUrl(section.data)} title={`Vimeo video: ${label}`} />;
    case 'taskList':
      return (
        <Stack gap="xs">
          {section.tasks.map((task) => (
            <Paper key={task.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Anchor component={Link} to={taskPath(task.id)} fw={600}>
                    {task.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    Due {task.dueDate}
                  </Text>
                </Stack>
                <Badge variant="light">{task.statusLabel}</Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      );
    case 'resources':
      return (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {section.data.map((item) => (
            <li key={`${item.type}:${item.id}`}>
              <Group gap={6}>
                <IconLink size={16} aria-hidden />
                {item.href ? (
                  <Anchor component={Link} to={item.href}>
                    {item.label}
                  </Anchor>
                ) : (
                  <Text>{item.label}</Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      );
    case 'table':
      return (
        <Suspense fallback={<Loading label="Loading the table" />}>
          <TableView table={section.data} label={label} />
        </Suspense>
      );
  }
}

/** One section as readers see it: its heading (the task list's group title when it has none). */
export function SectionView({ section, guest = false }: { section: ReaderSection; guest?: boolean }) {
  const heading = section.heading || (section.type === 'taskList' ? section.title : '');
  return (
    <Stack gap="sm" component="section" aria-label={heading || undefined}>
      {heading && (
        <Title order={2} size="h3">
          {heading}
        </Title>
      )}
      <SectionBody section={section} guest={guest} />
    </Stack>
  );
}
