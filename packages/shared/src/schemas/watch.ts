import { z } from 'zod';
import { PEP_STATUSES, PepLevel } from './people';

/*
 * The super administrator's monitoring page (the monthly run of every company's fichas against every list) and the
 * watcher's vigilancia (PEP monitoring across companies). Spec 000 §2 and §6: superadmin and watcher areas.
 */

/** The platform's monitoring settings: the day of the month of the monthly run (1 to 28, so every month has it). */
export const MonitoringSettings = z.object({
  monitoringDay: z.number().int().min(1).max(28).describe('day of the month (UTC) of the monthly run; default 1'),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable().describe('name of the user who changed it last'),
});
export type MonitoringSettingsT = z.infer<typeof MonitoringSettings>;
export const MonitoringSettingsBody = z.object({ monitoringDay: z.number().int().min(1).max(28) });

/** One company's run: the monthly one or one asked for with "run now". */
export const MonitoringRunView = z.object({
  id: z.string().uuid(),
  companyName: z.string(),
  kind: z.enum(['monthly', 'manual']),
  period: z.string().describe("monthly: the month (YYYY-MM); manual: the request's date and time"),
  status: z.enum(['running', 'finished']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  fichasScreened: z.number().int().nullable(),
  lists: z.number().int().nullable().describe('lists screened against'),
  newMatches: z.number().int().nullable(),
  fichasUpdated: z.number().int().nullable(),
  notifications: z.number().int().nullable(),
  requestedBy: z.string().nullable().describe('name of the user who asked for a manual run'),
});
export type MonitoringRunViewT = z.infer<typeof MonitoringRunView>;

export const MonitoringRunList = z.object({ count: z.number().int(), data: z.array(MonitoringRunView) });

/** The answer of "run now": the job, and whether one was already queued or running (nothing new then). */
export const MonitoringRunRequested = z.object({
  jobId: z.string().nullable(),
  alreadyQueued: z.boolean(),
  companies: z.number().int().describe('active companies the run will screen'),
});

/** The parameters of the monitoring, as the ParameterDisplay page puts them in words. */
export const MonitoringParameters = z.object({
  monitoringDay: z.number().int(),
  nextRun: z.string().describe('date (YYYY-MM-DD, UTC) of the next monthly run'),
  checkEveryMinutes: z.number().int().describe('how often the scheduler checks whether a run is due'),
  schedulerActive: z.boolean().describe('whether this installation schedules periodic work'),
  companies: z.number().int().describe('active companies'),
  companiesWithOwnDay: z.array(z.object({ name: z.string(), monitoringDay: z.number().int() })),
  defaultThreshold: z.number().describe('screening threshold (0 to 1) of companies without their own'),
  companiesWithOwnThreshold: z.array(z.object({ name: z.string(), threshold: z.number() })),
  lists: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), entities: z.number().int() })),
  onListChange: z.boolean().describe('a list change screens every company against the changed entries at once'),
});
export type MonitoringParametersT = z.infer<typeof MonitoringParameters>;

/** PEP monitoring across companies (vigilancia). */
export const VIGILANCIA_KINDS = ['new', 'expiring', 'changed'] as const;
export const VigilanciaQuery = z.object({
  kind: z.enum(VIGILANCIA_KINDS),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(730)
    .optional()
    .describe('new and changed: the last N days (default 30); expiring: the next N days (default 90)'),
  country: z.enum(['CL', 'BR']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});

export const VigilanciaRow = z.object({
  personId: z.string().uuid(),
  name: z.string(),
  dni: z.string(),
  country: z.string(),
  pepLevel: PepLevel,
  position: z.string().nullable(),
  institution: z.string().nullable(),
  officeEnd: z.string().nullable(),
  pepExpiration: z.string().nullable(),
  pepStatus: z.enum(PEP_STATUSES),
  /** the change shown (new, expiring: the person's current status) */
  fromStatus: z.enum(PEP_STATUSES).nullable(),
  toStatus: z.enum(PEP_STATUSES),
  changedAt: z.string().describe('when the person entered the register (new) or the status changed'),
  daysLeft: z.number().int().nullable().describe('expiring: days until the PEP status expires'),
  companies: z
    .array(z.object({ name: z.string(), fichas: z.number().int() }))
    .describe('companies holding an active ficha of this person (same document, or a screening hit on the register)'),
});
export type VigilanciaRowT = z.infer<typeof VigilanciaRow>;

export const VigilanciaAnswer = z.object({
  kind: z.enum(VIGILANCIA_KINDS),
  from: z.string(),
  to: z.string(),
  count: z.number().int(),
  data: z.array(VigilanciaRow),
});

export const VigilanciaSummary = z.object({
  newPeps: z.number().int(),
  expiring: z.number().int(),
  changed: z.number().int(),
  inRegister: z.number().int().describe('people who are PEP today'),
});
