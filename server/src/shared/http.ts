// The one place the server imports the generated contract types.
import type { components, operations, paths } from '@storefront/openapi/types';

export type { components, operations, paths };
export type Schemas = components['schemas'];
import type {
  components as CustomerServiceComponents,
  operations as CustomerServiceOperations,
} from '@storefront/openapi/customer-service-types';

export type { CustomerServiceOperations };
/** Schemas of the customer service contract. */
export type CsSchemas = CustomerServiceComponents['schemas'];
