import { CurrencyRateQuery, CurrencyRateView } from '@regcheck/shared/schemas/operations';
import { z } from 'zod';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { currencyRatesAccess } from './currency-rates.policy';
import * as service from './currency-rates.service';

export const currencyRatesRoutes = routesPlugin({ tags: ['currency-rates'] }, (r, deps) => {
  r.get(
    '/divisas/por-fecha',
    {
      access: currencyRatesAccess.read,
      summary: 'Rate of a currency for a day (a missing day uses the last earlier rate)',
      querystring: CurrencyRateQuery,
      reply: CurrencyRateView,
    },
    async (req) => {
      const r = await service.getRate(deps.db, req.query.divisa, req.query.fecha);
      return {
        fecha: r.fecha,
        divisa: req.query.divisa,
        rateDate: r.rateDate,
        perUsd: r.perUsd,
        valueClp: r.valueClp,
        source: r.source,
      };
    },
  );

  r.put(
    '/divisas',
    {
      access: currencyRatesAccess.load,
      summary: 'Load an official rate series (replaces the sample rates day by day); audited',
      body: z.object({
        rates: z
          .array(
            z.object({
              divisa: z.enum(['CLP', 'UF', 'BRL']),
              fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'),
              perUsd: z.number().positive().describe('units of the currency per 1 USD (for UF: UF per USD)'),
              valueClp: z.number().positive().nullable().optional().describe('CLP value of one unit'),
              source: z.string().trim().min(1).max(100).describe('e.g. "BCCh observed dollar"'),
            }),
          )
          .min(1)
          .max(5000),
      }),
      reply: z.object({ loaded: z.number() }),
    },
    async (req) => ({ loaded: await service.loadRates(deps, callerOf(req), req.body.rates) }),
  );

  r.post(
    '/divisas/bcch',
    {
      access: currencyRatesAccess.load,
      summary:
        'Load the Banco Central de Chile\'s observed dollar (multipart field "file": the series as its statistics database publishes it, CSV or xlsx); audited, the cash waiting for a rate is recomputed',
      reply: z.object({ loaded: z.number(), from: z.string(), to: z.string() }),
    },
    async (req) => service.loadBcchFile(deps, callerOf(req), await readFilePart(req)),
  );
});
