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
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { dismissalsAccess } from './dismissals.policy';
import * as service from './dismissals.service';

const tags = ['match-dismissals'];
const { review, settings } = dismissalsAccess;

export const dismissalsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/fichas-clientes/:id/matches/:listId/:entityId/dismiss',
    {
      access: review,
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
      reply: MatchDismissalResult,
    },
    (req) =>
      service.propose(deps, tenantCallerOf(req), req.params.id, req.params.listId, req.params.entityId, req.body),
  );

  r.get(
    '/match-dismissals',
    {
      access: review,
      summary: 'Dismissal proposals of the company, newest first (status, fichaId, limit, skip)',
      querystring: MatchDismissalQuery,
      reply: z.object({ count: z.number().int(), data: z.array(MatchDismissalView) }),
    },
    (req) => service.list(deps, tenantCallerOf(req), req.query),
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/match-dismissals/:id/${path}`,
      {
        access: review,
        summary: `${decision === 'approved' ? 'Approve' : 'Reject'} a pending proposal (not its proposer)`,
        params: IdParams,
        body: MatchDismissalDecisionBody,
        reply: MatchDismissalView,
      },
      (req) => service.decide(deps, tenantCallerOf(req), req.params.id, decision, req.body.comment),
    );
  }

  r.get(
    '/screening-settings',
    { access: settings, summary: 'Screening settings of the company', reply: ScreeningSettingsView },
    (req) => service.getSettings(deps, tenantCallerOf(req)),
  );

  r.put(
    '/screening-settings',
    {
      access: review,
      summary: 'Change the screening settings (admin and adminNoUser)',
      body: ScreeningSettingsBody,
      reply: ScreeningSettingsView,
    },
    (req) => service.updateSettings(deps, tenantCallerOf(req), req.body),
  );
});
