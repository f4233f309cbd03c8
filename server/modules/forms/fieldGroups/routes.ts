import {
  FORM_ERRORS,
  fieldGroupCreateBodySchema,
  fieldGroupDetailSchema,
  fieldGroupListQuerySchema,
  fieldGroupListResponseSchema,
  fieldGroupParamsSchema,
  fieldGroupSettingsSchema,
  fieldGroupUpdateBodySchema,
} from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { Guards } from '../../../platform/http/guards';
import type { App } from '../../../platform/http/types';
import { builderRoutes } from '../builder/routes';
import { formsPolicy } from '../policy';
import { listFieldGroups } from '../queries';
import {
  createFieldGroup,
  deleteFieldGroups,
  duplicateGroup,
  findGroup,
  getFieldGroupDetail,
  setFieldGroupsArchived,
  updateFieldGroup,
  updateFieldGroupSettings,
} from './service';

/** Field groups: admin only (spec), the same shape as the forms routes. */
export function fieldGroupRoutes(app: App, ctx: AppContext, guards: Guards) {
  builderRoutes(app, ctx, {
    type: 'fieldGroup',
    base: '/api/events/:eventId/field-groups',
    idParam: 'fieldGroupId',
    guards: [...guards.member, guards.authorize(formsPolicy.manageFieldGroups)],
    invalidMessage: FORM_ERRORS.invalidFieldGroup,
    schemas: {
      params: fieldGroupParamsSchema,
      listQuery: fieldGroupListQuerySchema,
      list: fieldGroupListResponseSchema,
      create: fieldGroupCreateBodySchema,
      update: fieldGroupUpdateBodySchema,
      settings: fieldGroupSettingsSchema,
      detail: fieldGroupDetailSchema,
    },
    find: findGroup,
    list: listFieldGroups,
    detail: getFieldGroupDetail,
    create: createFieldGroup,
    update: updateFieldGroup,
    updateSettings: updateFieldGroupSettings,
    duplicate: duplicateGroup,
    setArchived: setFieldGroupsArchived,
    remove: deleteFieldGroups,
  });
}
