import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0060: a file under server/modules is a slot, a test, a test kit, or a listed exception.
 * Feature sub-folders (any depth) hold the same slots.
 */
const MODULES = join(__dirname, 'modules');

const SLOTS = new Set([
  'routes.ts',
  'service.ts',
  'queries.ts',
  'tables.ts',
  'policy.ts',
  'present.ts',
  'jobs.ts',
  'live.ts',
  'email.ts',
  'wiring.ts',
]);

/**
 * Files that are not a slot, each with why. Add a line only with a reason a reviewer accepts;
 * remove it when the file moves into a slot (the last test fails on a line whose file is gone).
 */
const EXCEPTIONS: { reason: string; files: string[] }[] = [
  {
    reason: 'a test helper (an SSE reader over a socket) also used by bench/: a test kit by another name',
    files: ['live/streamClient.ts'],
  },
  {
    reason:
      'the rich-text sanitizer (DOMPurify over jsdom), used by content, tasks, suppliers, notifications, forms and emails; a tool, not a slot of one feature',
    files: ['content/sanitize.ts'],
  },
  {
    reason:
      'sample files (a PDF, captioned SVG and JPEG images) made for the demo seed, tests and benchmarks; no slot describes them',
    files: ['files/samples.ts'],
  },
  {
    reason:
      "the clone plan: which of an event's tables are copied, in what order, and which are not and why; a table list the cloner reads and a test holds complete, not a slot's code",
    files: ['editions/clone/plan.ts'],
  },
  {
    reason: 'imported by 32 files across modules; to be moved into a slot with its importers in one change',
    files: ['events/settingsStore.ts'],
  },
  {
    reason: "messages several of tasks' sub-folders answer with; no slot owns them",
    files: ['tasks/errors.ts'],
  },
  {
    reason:
      "the recipients' checks, used by the form's service and its notifications: in notifications/service.ts they would close a cycle, and the form's service.ts is over 300 lines already",
    files: ['forms/notifications/recipients.ts'],
  },
  {
    reason:
      'the default text of every email template: content, not code, read by the renderer and the template service',
    files: ['emails/templates/defaults.ts'],
  },
  {
    reason:
      'the delivery log, written by the outbox (emails/service.ts) and tracking; as responses/service.ts it would close a cycle with the outbox that resend uses',
    files: ['emails/responses/log.ts'],
  },
];

const excepted = new Set(EXCEPTIONS.flatMap((group) => group.files));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [relative(MODULES, path).split('\\').join('/')];
  });
}

/** Whether a path under server/modules (e.g. 'tasks/threads/routes.ts') may be there. */
function allowed(path: string, exceptions: ReadonlySet<string>): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return SLOTS.has(name) || /\.test\.ts$/.test(name) || /TestKit\.ts$/.test(name) || exceptions.has(path);
}

describe('module layout (decision 0060)', () => {
  const files = filesUnder(MODULES);

  it('every file under server/modules is a slot, a test, a test kit or a listed exception', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !allowed(file, excepted))).toEqual([]);
  });

  it('every listed exception is still there, and listed once', () => {
    const all = EXCEPTIONS.flatMap((group) => group.files);
    expect(all.filter((file) => !files.includes(file))).toEqual([]);
    expect(all.length).toBe(excepted.size);
    expect(EXCEPTIONS.every((group) => group.reason.trim().length > 20)).toBe(true);
  });

  it('the check refuses a stray name at any depth and accepts slots, tests and kits', () => {
    const none = new Set<string>();
    expect(allowed('tasks/helpers.ts', none)).toBe(false);
    expect(allowed('tasks/threads/comments/utils.ts', none)).toBe(false);
    expect(allowed('tasks/notes.md', none)).toBe(false);
    expect(allowed('tasks/threads/comments/service.ts', none)).toBe(true);
    expect(allowed('tasks/reminders/jobs.ts', none)).toBe(true);
    expect(allowed('tasks/groups/groupOrder.test.ts', none)).toBe(true);
    expect(allowed('tasks/teamTaskTestKit.ts', none)).toBe(true);
    expect(allowed('tasks/helpers.ts', new Set(['tasks/helpers.ts']))).toBe(true);
  });
});
