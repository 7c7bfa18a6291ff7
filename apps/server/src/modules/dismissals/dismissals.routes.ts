import {
  IdParams,
  MatchDismissalDecisionBody,
  MatchDismissalProposalBody,
  MatchDismissalQuery,
  MatchDismissalResult,
  MatchDismissalView,
  ScreeningSettingsBody,
  ScreeningSettingsView,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import { dismissalsAccess } from './dismissals.policy';
import * as service from './dismissals.service';

const tags = ['match-dismissals'];
const { review, settings } = dismissalsAccess;

export const dismissalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/fichas-clientes/:id/matches/:listId/:entityId/dismiss',
    {
      config: { access: review },
      schema: {
        tags,
        summary: 'Propose the dismissal of a list match as a false positive (four eyes)',
        description:
          'Sanctions and critical lists: a proposal that a second reviewer approves or rejects; reasonText is ' +
          'mandatory. Other lists: applied at once when the company turned the second step off.',
        params: z.object({
          id: z.string().uuid(),
          listId: z.string().min(1).max(100),
          entityId: z.string().min(1).max(200),
        }),
        body: MatchDismissalProposalBody,
        response: { 200: MatchDismissalResult },
      },
    },
    async (req) =>
      service.propose(deps, tenantCallerOf(req), req.params.id, req.params.listId, req.params.entityId, req.body),
  );

  app.get(
    '/match-dismissals',
    {
      config: { access: review },
      schema: {
        tags,
        summary: 'Dismissal proposals of the company, newest first (status, fichaId, limit, skip)',
        querystring: MatchDismissalQuery,
        response: { 200: z.object({ count: z.number().int(), data: z.array(MatchDismissalView) }) },
      },
    },
    async (req) => service.list(deps, tenantCallerOf(req), req.query),
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/match-dismissals/:id/${path}`,
      {
        config: { access: review },
        schema: {
          tags,
          summary: `${decision === 'approved' ? 'Approve' : 'Reject'} a pending proposal (not its proposer)`,
          params: IdParams,
          body: MatchDismissalDecisionBody,
          response: { 200: MatchDismissalView },
        },
      },
      async (req) => service.decide(deps, tenantCallerOf(req), req.params.id, decision, req.body.comment),
    );
  }

  app.get(
    '/screening-settings',
    {
      config: { access: settings },
      schema: { tags, summary: 'Screening settings of the company', response: { 200: ScreeningSettingsView } },
    },
    async (req) => service.getSettings(deps, tenantCallerOf(req)),
  );

  app.put(
    '/screening-settings',
    {
      config: { access: review },
      schema: {
        tags,
        summary: 'Change the screening settings (admin and adminNoUser)',
        body: ScreeningSettingsBody,
        response: { 200: ScreeningSettingsView },
      },
    },
    async (req) => service.updateSettings(deps, tenantCallerOf(req), req.body),
  );
};
