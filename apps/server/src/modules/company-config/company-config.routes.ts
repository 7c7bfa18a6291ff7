import {
  BusinessRules,
  BusinessRulesPatch,
  CommercialActivityView,
  FileConfig,
  IdParams,
  ListControl,
  ListControlView,
  TagCreateBody,
  TagPatchBody,
  TagsConfig,
  TagView,
} from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import * as activities from './company-config.activities.service';
import { companyConfigAccess } from './company-config.policy';
import * as service from './company-config.service';

const tags = ['companies'];
const access = companyConfigAccess.manage;
const ListParams = z.object({ id: z.string().uuid(), listId: z.string().min(1).max(100) });

/** The super administrator's company tabs: business rules, file rules, lists that screen it, operation tags. */
export const companyConfigRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/commercial-activities',
    {
      access: companyConfigAccess.catalogue,
      tags: ['reference'],
      summary: 'The catalogue of commercial activities (filter where: code, name; limit, skip)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(CommercialActivityView),
    },
    (req) => activities.listActivities(deps, req.query.filter, req.locale),
  );

  r.get(
    '/companies/:id/business-rules',
    { access, summary: "The company's thresholds in force", params: IdParams, reply: BusinessRules },
    (req) => service.getBusinessRules(deps, req.params.id),
  );

  r.patch(
    '/companies/:id/business-rules',
    {
      access,
      summary:
        "Change the company's thresholds: ROE amount, beneficial-owner threshold and inclusiveness, declaration window, screening threshold, monitoring day, review period by risk in years (audited; new periods schedule every ficha's next review again)",
      params: IdParams,
      body: BusinessRulesPatch,
      reply: BusinessRules,
    },
    (req) => service.patchBusinessRules(deps, callerOf(req), req.params.id, req.body),
  );

  r.get(
    '/companies/:id/file-config',
    {
      access,
      summary: "The company's document rules: largest document and accepted types",
      params: IdParams,
      reply: FileConfig,
    },
    (req) => service.getFileConfig(deps, req.params.id),
  );

  r.put(
    '/companies/:id/file-config',
    {
      access,
      summary: "Set the company's document rules (enforced by the ficha and operation uploads; audited)",
      params: IdParams,
      body: FileConfig,
      reply: FileConfig,
    },
    (req) => service.putFileConfig(deps, callerOf(req), req.params.id, req.body),
  );

  r.get(
    '/companies/:id/tags-config',
    { access, summary: 'Whether operations carry tags', params: IdParams, reply: TagsConfig },
    (req) => service.getTagsConfig(deps, req.params.id),
  );

  r.put(
    '/companies/:id/tags-config',
    {
      access,
      summary: 'Switch operation tags on or off (tags.operation.enabled; audited)',
      params: IdParams,
      body: TagsConfig,
      reply: TagsConfig,
    },
    (req) => service.putTagsConfig(deps, callerOf(req), req.params.id, req.body.operationTagsEnabled),
  );

  r.get(
    '/companies/:id/tags',
    {
      access,
      summary: "The company's tag catalogue (fichas and operations) with the number of records carrying each",
      params: IdParams,
      reply: z.array(TagView.extend({ records: z.number().int() })),
    },
    (req) => service.companyTags(deps, callerOf(req), req.params.id),
  );

  r.post(
    '/companies/:id/tags',
    { access, summary: 'Add a tag to the company (audited)', params: IdParams, body: TagCreateBody, reply: TagView },
    (req) => service.addCompanyTag(deps, callerOf(req), req.params.id, req.body),
  );

  r.patch(
    '/companies/:id/tags/:tagId',
    {
      access,
      summary: "Rename or (de)activate one of the company's tags (audited); DELETE /tags/{id} removes it everywhere",
      params: z.object({ id: z.string().uuid(), tagId: z.string().uuid() }),
      body: TagPatchBody,
      reply: TagView,
    },
    (req) => service.changeCompanyTag(deps, callerOf(req), req.params.id, req.params.tagId, req.body),
  );

  r.get(
    '/companies/:id/list-controls',
    {
      access,
      summary: 'Every list that can screen the company: whether it does and the weight of a match on it',
      params: IdParams,
      reply: z.array(ListControlView),
    },
    (req) => service.listControls(deps, req.params.id),
  );

  r.put(
    '/companies/:id/list-controls/:listId',
    {
      access,
      summary:
        'Whether a list screens the company and its weight (null: back to the default); screening and rating use it at once (audited)',
      params: ListParams,
      body: z.object({ control: ListControl.nullable() }),
      reply: ListControlView,
    },
    (req) => service.putListControl(deps, callerOf(req), req.params.id, req.params.listId, req.body.control),
  );
});
