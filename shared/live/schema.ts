import { z } from 'zod';
import { LIVE_MESSAGE_TYPES, type LiveMessage } from './messages';

/** What the server publishes and reads back from the bus; the browser reads it with readLiveMessage. */
export const liveMessageSchema = z.object({
  type: z.enum(LIVE_MESSAGE_TYPES),
}) satisfies z.ZodType<LiveMessage>;
