import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_FEEDBACK_MESSAGES,
  FEEDBACK_TYPES,
  type FeedbackType,
  SUCCESS_BANNER_MS,
} from '../../shared/ui/constants';
import { connectivityExplanation } from '../lib/connectivity';
import { errorMessageWithReference } from '../lib/errors';

type ShownType = Exclude<FeedbackType, 'idle'>;

export interface Feedback {
  type: FeedbackType;
  message: string;
  /** Changes with every `show`, so the same message twice restarts the success timer. */
  id: number;
}

export interface FeedbackApi {
  feedback: Feedback;
  show: (type: ShownType, message?: string) => void;
  success: (message?: string) => void;
  /** Takes an error (any kind, shown in the spec's words) or a message. */
  error: (error?: unknown) => void;
  clear: () => void;
}

const IDLE: Feedback = { type: 'idle', message: '', id: 0 };
const FeedbackContext = createContext<FeedbackApi | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [feedback, setFeedback] = useState<Feedback>(IDLE);

  const show = useCallback((type: ShownType, message?: string) => {
    setFeedback((current) => ({
      type,
      message: message || DEFAULT_FEEDBACK_MESSAGES[type],
      id: current.id + 1,
    }));
  }, []);
  const clear = useCallback(() => setFeedback((current) => ({ ...IDLE, id: current.id + 1 })), []);

  // Success clears itself (spec: after 3 seconds); errors, warnings and info stay until closed.
  useEffect(() => {
    if (feedback.type !== 'success') return;
    const timer = window.setTimeout(clear, SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [feedback, clear]);

  const api = useMemo<FeedbackApi>(
    () => ({
      feedback,
      show,
      clear,
      success: (message) => show('success', message),
      error: (error) => {
        show('error', typeof error === 'string' ? error : errorMessageWithReference(error));
        // An internal error may be the network's doing: when the health check cannot be reached
        // either, the message becomes the VPN/firewall one (spec, other error shapes).
        void connectivityExplanation(error).then((message) => {
          if (message) show('error', message);
        });
      },
    }),
    [feedback, show, clear],
  );
  return <FeedbackContext value={api}>{children}</FeedbackContext>;
}

export function useFeedback(): FeedbackApi {
  const api = useContext(FeedbackContext);
  if (!api) throw new Error('useFeedback must be used inside FeedbackProvider');
  return api;
}

/** Navigation state that makes the next screen show a message (e.g. "password set" on login). */
export function feedbackState(type: ShownType, message?: string) {
  return { feedback: { type, message: message || DEFAULT_FEEDBACK_MESSAGES[type] } };
}

export function readFeedbackState(state: unknown): { type: ShownType; message: string } | null {
  if (typeof state !== 'object' || state === null || !('feedback' in state)) return null;
  const carried = state.feedback;
  if (typeof carried !== 'object' || carried === null) return null;
  const type = 'type' in carried ? carried.type : undefined;
  const message = 'message' in carried ? carried.message : undefined;
  const known = FEEDBACK_TYPES.find((t) => t === type && t !== 'idle');
  if (!known || known === 'idle' || typeof message !== 'string') return null;
  return { type: known, message };
}

const LOOK: Record<ShownType, { color: string; icon: ReactNode; role: 'alert' | 'status' }> = {
  error: { color: 'red', icon: <IconCircleX aria-hidden />, role: 'alert' },
  warning: { color: 'orange', icon: <IconAlertTriangle aria-hidden />, role: 'alert' },
  success: { color: 'portal', icon: <IconCircleCheck aria-hidden />, role: 'status' },
  info: { color: 'blue', icon: <IconInfoCircle aria-hidden />, role: 'status' },
};

/** The banner at the top of the content; hidden while idle. */
export function FeedbackBanner() {
  const { feedback, clear } = useFeedback();
  if (feedback.type === 'idle') return null;
  const look = LOOK[feedback.type];
  return (
    <Alert
      key={feedback.id}
      role={look.role}
      color={look.color}
      variant="light"
      icon={look.icon}
      withCloseButton
      closeButtonLabel="Close message"
      onClose={clear}
      mb="md"
      data-feedback-type={feedback.type}
    >
      {feedback.message}
    </Alert>
  );
}
