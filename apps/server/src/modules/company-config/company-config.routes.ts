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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import * as activities from './company-config.activities.service';
import { companyConfigAccess } from './company-config.policy';
import * as service from './company-config.service';

const tags = ['companies'];
const access = companyConfigAccess.manage;
const ListParams = z.object({ id: z.string().uuid(), listId: z.string().min(1).max(100) });

/** The super administrator's company tabs: business rules, file rules, lists that screen it, operation tags. */
export const companyConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/commercial-activities',
    {
      config: { access: companyConfigAccess.catalogue },
      schema: {
        tags: ['reference'],
        summary: 'The catalogue of commercial activities (filter where: code, name; limit, skip)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(CommercialActivityView) },
      },
    },
    async (req) => activities.listActivities(deps, req.query.filter, req.locale),
  );

  app.get(
    '/companies/:id/business-rules',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's thresholds in force",
        params: IdParams,
        response: { 200: BusinessRules },
      },
    },
    async (req) => service.getBusinessRules(deps, req.params.id),
  );

  app.patch(
    '/companies/:id/business-rules',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Change the company's thresholds: ROE amount, beneficial-owner threshold and inclusiveness, declaration window, screening threshold, monitoring day, review period by risk in years (audited; new periods schedule every ficha's next review again)",
        params: IdParams,
        body: BusinessRulesPatch,
        response: { 200: BusinessRules },
      },
    },
    async (req) => service.patchBusinessRules(deps, callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/companies/:id/file-config',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's document rules: largest document and accepted types",
        params: IdParams,
        response: { 200: FileConfig },
      },
    },
    async (req) => service.getFileConfig(deps, req.params.id),
  );

  app.put(
    '/companies/:id/file-config',
    {
      config: { access },
      schema: {
        tags,
        summary: "Set the company's document rules (enforced by the ficha and operation uploads; audited)",
        params: IdParams,
        body: FileConfig,
        response: { 200: FileConfig },
      },
    },
    async (req) => service.putFileConfig(deps, callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/companies/:id/tags-config',
    {
      config: { access },
      schema: { tags, summary: 'Whether operations carry tags', params: IdParams, response: { 200: TagsConfig } },
    },
    async (req) => service.getTagsConfig(deps, req.params.id),
  );

  app.put(
    '/companies/:id/tags-config',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Switch operation tags on or off (tags.operation.enabled; audited)',
        params: IdParams,
        body: TagsConfig,
        response: { 200: TagsConfig },
      },
    },
    async (req) => service.putTagsConfig(deps, callerOf(req), req.params.id, req.body.operationTagsEnabled),
  );

  app.get(
    '/companies/:id/tags',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's tag catalogue (fichas and operations) with the number of records carrying each",
        params: IdParams,
        response: { 200: z.array(TagView.extend({ records: z.number().int() })) },
      },
    },
    async (req) => service.companyTags(deps, callerOf(req), req.params.id),
  );

  app.post(
    '/companies/:id/tags',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a tag to the company (audited)',
        params: IdParams,
        body: TagCreateBody,
        response: { 200: TagView },
      },
    },
    async (req) => service.addCompanyTag(deps, callerOf(req), req.params.id, req.body),
  );

  app.patch(
    '/companies/:id/tags/:tagId',
    {
      config: { access },
      schema: {
        tags,
        summary: "Rename or (de)activate one of the company's tags (audited); DELETE /tags/{id} removes it everywhere",
        params: z.object({ id: z.string().uuid(), tagId: z.string().uuid() }),
        body: TagPatchBody,
        response: { 200: TagView },
      },
    },
    async (req) => service.changeCompanyTag(deps, callerOf(req), req.params.id, req.params.tagId, req.body),
  );

  app.get(
    '/companies/:id/list-controls',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every list that can screen the company: whether it does and the weight of a match on it',
        params: IdParams,
        response: { 200: z.array(ListControlView) },
      },
    },
    async (req) => service.listControls(deps, req.params.id),
  );

  app.put(
    '/companies/:id/list-controls/:listId',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Whether a list screens the company and its weight (null: back to the default); screening and rating use it at once (audited)',
        params: ListParams,
        body: z.object({ control: ListControl.nullable() }),
        response: { 200: ListControlView },
      },
    },
    async (req) => service.putListControl(deps, callerOf(req), req.params.id, req.params.listId, req.body.control),
  );
};
