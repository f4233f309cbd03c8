import { type Answer, route, type Sent } from '../http/route';
import type {
  directoryResponseSchema,
  directorySupplierSchema,
  supplierDetailSchema,
  supplierGroupDetailSchema,
  supplierGroupListQuerySchema,
  supplierGroupListResponseSchema,
  supplierListQuerySchema,
  supplierListResponseSchema,
} from './api';
import type { SupplierBody, supplierGroupBodySchema } from './schema';

/** The suppliers' routes (decision 0067): written once for the server and the client; types only. */
const EVENT = '/api/events/:eventId';
const GROUPS = `${EVENT}/supplier-groups`;
const GROUP = `${EVENT}/supplier-groups/:groupId`;
const SUPPLIERS = `${EVENT}/suppliers`;
const SUPPLIER = `${EVENT}/suppliers/:supplierId`;
type GroupAnswer = Answer<typeof supplierGroupDetailSchema>;
type GroupBody = Sent<typeof supplierGroupBodySchema>;
type SupplierAnswer = Answer<typeof supplierDetailSchema>;

export const SUPPLIER_ROUTES = {
  listGroups: route('GET', GROUPS)
    .query<Sent<typeof supplierGroupListQuerySchema>>()
    .answer<Answer<typeof supplierGroupListResponseSchema>>(),
  createGroup: route('POST', GROUPS).body<GroupBody>().answer<GroupAnswer>(),
  getGroup: route('GET', GROUP).answer<GroupAnswer>(),
  updateGroup: route('PUT', GROUP).body<GroupBody>().answer<GroupAnswer>(),
  archiveGroup: route('POST', `${GROUP}/archive`).answer<GroupAnswer>(),
  unarchiveGroup: route('POST', `${GROUP}/unarchive`).answer<GroupAnswer>(),
  deleteGroup: route('DELETE', GROUP),
  list: route('GET', SUPPLIERS)
    .query<Sent<typeof supplierListQuerySchema>>()
    .answer<Answer<typeof supplierListResponseSchema>>(),
  create: route('POST', SUPPLIERS).body<SupplierBody>().answer<SupplierAnswer>(),
  get: route('GET', SUPPLIER).answer<SupplierAnswer>(),
  update: route('PUT', SUPPLIER).body<SupplierBody>().answer<SupplierAnswer>(),
  archive: route('POST', `${SUPPLIER}/archive`).answer<SupplierAnswer>(),
  unarchive: route('POST', `${SUPPLIER}/unarchive`).answer<SupplierAnswer>(),
  delete: route('DELETE', SUPPLIER),
  directory: route('GET', `${EVENT}/supplier-directory`).answer<Answer<typeof directoryResponseSchema>>(),
  directorySupplier: route('GET', `${EVENT}/supplier-directory/:supplierId`).answer<
    Answer<typeof directorySupplierSchema>
  >(),
} as const;
