import { z } from 'zod';

/*
 * COAF for Brazil (issue 23, point 3; ../shared/DOMAIN.md "Brazil COAF: cash operations of R$ 50,000 or more are
 * reported by the next business day"). Shared by the server's queue and export and the web's COAF page.
 */

/** Default amount in BRL from which (inclusive: "or more") a cash operation must be communicated to the COAF. */
export const DEFAULT_COAF_THRESHOLD_BRL = 50_000;

/** The company's COAF threshold in BRL (its setting coafCashThresholdBrl, else R$ 50,000). */
export function coafThresholdOf(settings: unknown): number {
  const v = Number((settings as Record<string, unknown> | undefined | null)?.coafCashThresholdBrl);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_COAF_THRESHOLD_BRL;
}

/** Whether the company's sector must send the yearly comunicação de não ocorrência (setting coafNonOccurrence). */
export function coafNonOccurrenceOf(settings: unknown): boolean {
  return (settings as Record<string, unknown> | undefined | null)?.coafNonOccurrence === true;
}

/**
 * The comunicação de não ocorrência of a year is due by 31 January of the next year (COAF, "Comunicação de não
 * ocorrência", perguntas frequentes; decision 152). The reminder of `today` (YYYY-MM-DD): the year it is for and
 * its due date, shown through January (from 1 January, once the year it covers has ended); null the rest of the
 * year.
 */
export function nonOccurrenceReminder(today: string): { year: number; due: string } | null {
  const year = Number(today.slice(0, 4));
  if (today.slice(5, 7) !== '01') return null;
  return { year: year - 1, due: `${year}-01-31` };
}

export const COAF_STATES = ['due', 'late', 'communicated'] as const;
export const CoafState = z.enum(COAF_STATES);
export type CoafStateT = z.infer<typeof CoafState>;

export const CoafParticipant = z.object({
  dni: z.string().describe('CPF or CNPJ as registered'),
  name: z.string(),
  personType: z.enum(['natural', 'legal']),
  efective: z.number().describe('this participant’s cash, BRL'),
});

export const CoafOperation = z.object({
  id: z.string().uuid(),
  codigo: z.number().int(),
  codigoFormatted: z.string(),
  operationDate: z.string().describe('YYYY-MM-DD: the transaction date, else the registration date'),
  deadline: z.string().describe('YYYY-MM-DD: the next Brazilian business day after the operation date'),
  state: CoafState,
  amount: z.number().describe('total of the operation, BRL'),
  cashAmount: z.number().describe('cash of the operation, in `currency`'),
  currency: z.string().describe('the operation’s currency: BRL, or another one for a cash operation checked by hand'),
  transactionType: z.string().nullable(),
  participants: z.array(CoafParticipant),
  deleted: z.boolean().describe('the operation was deleted after it was due; the communication stays due'),
  communication: z
    .object({
      protocol: z.string(),
      communicatedOn: z.string(),
      registeredByName: z.string(),
      registeredAt: z.string(),
    })
    .nullable(),
});
export type CoafOperationT = z.infer<typeof CoafOperation>;

export const CoafQueueQuery = z.object({
  state: CoafState.default('due'),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});

export const CoafQueue = z.object({
  thresholdBrl: z.number(),
  today: z.string().describe('YYYY-MM-DD in Brasília'),
  counts: z.object({ due: z.number().int(), late: z.number().int(), communicated: z.number().int() }),
  // the page in the company API's one list shape (decision 277)
  data: z.array(CoafOperation),
  count: z.number().int().describe('operations in the asked state'),
  unchecked: z
    .object({
      count: z.number().int(),
      data: z.array(
        z.object({
          id: z.string().uuid(),
          codigo: z.number().int(),
          codigoFormatted: z.string(),
          operationDate: z.string(),
          currency: z.string(),
          cashAmount: z.number(),
          deleted: z.boolean(),
        }),
      ),
    })
    .describe(
      'cash operations in another currency than BRL, not communicated: RegCheck holds no BRL rate, so they are not compared with the threshold and must be checked by hand (the 50 oldest listed)',
    ),
  nonOccurrence: z
    .object({ year: z.number().int(), due: z.string() })
    .nullable()
    .describe('the yearly comunicação de não ocorrência to send, when the company’s sector needs it and it is January'),
});

/** The SISCOAF protocol number as the officer copies it: letters, digits and . / - only. */
export const CoafProtocol = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9./-]+$/);

export const CoafCommunicateBody = z.object({
  protocol: CoafProtocol.describe('the protocol number SISCOAF gave the communication'),
  communicatedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('YYYY-MM-DD the communication was sent in SISCOAF; not in the future nor before the operation'),
});
