import { CurrencyRateQuery, CurrencyRateView } from '@regcheck/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './currency-rates.service';

export const currencyRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/divisas/por-fecha',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['currency-rates'],
        summary: 'Rate of a currency for a day (a missing day uses the last earlier rate)',
        querystring: CurrencyRateQuery,
        response: { 200: CurrencyRateView },
      },
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
};
