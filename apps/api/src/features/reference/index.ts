export { referenceRoutes } from './reference.routes.ts';
export {
  createReferenceService,
  findLocationById,
  type ReferenceService,
} from './reference.service.ts';
