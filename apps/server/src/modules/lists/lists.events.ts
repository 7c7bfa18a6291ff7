// The events the lists module raises, on the application's bus (jobs/events.ts, decision 281).

/**
 * A list's content changed: its id and the ids of its changed entries ('all' after an import or a reload). Told on
 * the application's bus after the change is applied to the index (decision 281), once, by the process that made it
 * (the import job, a public-list entry change): the other processes bring their index in step through the poll
 * without telling again. An after-commit event: each listener is a job (monitoring's `monitoring.listChanged`), so
 * the work it starts is enqueued once, not once per process, and runs on any worker.
 */
export interface ListChanged {
  listId: string;
  changed: string[] | 'all';
}

declare module '../../jobs/events' {
  interface QueuedEvents {
    'list.changed': ListChanged;
  }
}
