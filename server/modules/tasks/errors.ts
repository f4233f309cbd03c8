/** The tasks module's messages that several of its files answer with. */
export const TASK_NOT_FOUND = 'Task not found';
