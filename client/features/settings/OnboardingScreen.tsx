import { AspectRatio, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { videoEmbedUrl } from '../../../shared/events/video';
import { safeContinuePath } from '../../lib/guards';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useFinishOnboarding } from './api';

/** Where the layout was sending the member before it showed them the welcome screen. */
function continuePathOf(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return safeContinuePath(typeof from === 'string' ? from : null) ?? '/';
}

/** /onboarding: the event's welcome, shown once; Continue marks the member onboarded. */
export function OnboardingScreen() {
  const { me, shell } = useSession();
  const finish = useFinishOnboarding();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const onboarding = shell?.onboarding;
  if (!shell || !onboarding) return null;

  const { firstName, surname } = me.account;
  const name = onboarding.showSurname ? `${firstName} ${surname}` : firstName;
  const video = videoEmbedUrl(onboarding.videoSourceType, onboarding.videoUrl);
  const signature = shell.event.teamName || `The ${shell.event.eventName} team`;

  return (
    <PageHeader
      title={onboarding.title || 'Welcome!'}
      breadcrumbs={[{ label: onboarding.title || 'Welcome!' }]}
    >
      <Paper withBorder p="xl" radius="md" maw={880}>
        <Stack gap="md">
          {onboarding.showGreeting && <Text fw={600}>{`${onboarding.salutation} ${name},`}</Text>}
          {onboarding.description
            .split(/\n{2,}/)
            .filter((p) => p.trim())
            .map((paragraph) => (
              <Text key={paragraph} style={{ whiteSpace: 'pre-line' }}>
                {paragraph}
              </Text>
            ))}
          {video && (
            <AspectRatio ratio={16 / 9}>
              <iframe
                src={video}
                title="Welcome video"
                allow="fullscreen; picture-in-picture"
                allowFullScreen
                style={{ border: 0 }}
              />
            </AspectRatio>
          )}
          {onboarding.showSignature && (
            <Text>
              Kind regards,
              <br />
              {signature}
            </Text>
          )}
          <Group>
            <Button
              loading={finish.isPending}
              onClick={() =>
                finish.mutate(undefined, {
                  onSuccess: () => navigate(continuePathOf(location.state), { replace: true }),
                  onError: (error) => feedback.error(error),
                })
              }
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageHeader>
  );
}

export { OnboardingScreen as Component };
